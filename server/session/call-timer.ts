/**
 * The client-side budget of one call. Runs only while it is running: a person can
 * suspend it while they answer, and on 2026-07-28 it is paused between rounds,
 * when the call waits on the person and no request is in flight.
 */
export class CallTimer {
  private remainingMs: number;
  private startedAt: number | undefined;
  private handle: ReturnType<typeof setTimeout> | undefined;
  private expired = false;
  /** Suspended by a person (as opposed to paused by the session between rounds). */
  isSuspended = false;

  constructor(
    budgetMs: number,
    private readonly onChange: (state: { deadlineAt: number | null; remainingMs: number; suspended: boolean }) => void,
    private readonly onExpire: () => void,
  ) {
    this.remainingMs = budgetMs;
  }

  get isRunning(): boolean {
    return this.startedAt !== undefined;
  }

  get hasExpired(): boolean {
    return this.expired;
  }

  /** Start or continue counting down (no-op while suspended by a person). */
  run(): void {
    if (this.isRunning || this.isSuspended || this.expired) return;
    this.startedAt = Date.now();
    this.handle = setTimeout(() => {
      this.expired = true;
      this.startedAt = undefined;
      this.remainingMs = 0;
      this.onExpire();
    }, this.remainingMs);
    this.report();
  }

  /** Stop counting, keeping what is left. */
  pause(): void {
    if (!this.isRunning) return;
    clearTimeout(this.handle);
    this.remainingMs = Math.max(0, this.remainingMs - (Date.now() - (this.startedAt ?? Date.now())));
    this.startedAt = undefined;
    this.report();
  }

  suspend(): void {
    this.isSuspended = true;
    if (this.isRunning) this.pause();
    else this.report();
  }

  resume(): void {
    this.isSuspended = false;
    this.run();
  }

  stop(): void {
    clearTimeout(this.handle);
    this.startedAt = undefined;
  }

  private report(): void {
    this.onChange({
      deadlineAt: this.startedAt === undefined ? null : this.startedAt + this.remainingMs,
      remainingMs: this.remainingMs,
      suspended: this.isSuspended,
    });
  }
}
