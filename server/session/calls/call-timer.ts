/**
 * The client-side budget of one call. It counts only while the call wants it to
 * (legacy: the whole call; 2026-07-28: only while a request is in flight, never
 * between rounds) and the person has not suspended it.
 */
export class CallTimer {
  private remainingMs: number;
  private startedAt: number | undefined;
  private handle: ReturnType<typeof setTimeout> | undefined;
  private expired = false;
  /** The call wants the clock running (between run() and pause()). */
  private wanted = false;
  /** Suspended by a person, whatever the call wants. */
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

  /** The call is waiting on the server: count down (unless a person suspended the clock). */
  run(): void {
    this.wanted = true;
    this.start();
  }

  /** The call is between requests: stop counting, keeping what is left. */
  pause(): void {
    this.wanted = false;
    this.stopCounting();
  }

  suspend(): void {
    this.isSuspended = true;
    if (this.isRunning) this.stopCounting();
    else this.report();
  }

  /** Lift a person's suspension; the clock runs again only if the call wants it to. */
  resume(): void {
    this.isSuspended = false;
    if (this.wanted) this.start();
    else this.report();
  }

  stop(): void {
    clearTimeout(this.handle);
    this.startedAt = undefined;
    this.wanted = false;
  }

  private start(): void {
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

  private stopCounting(): void {
    if (!this.isRunning) return;
    clearTimeout(this.handle);
    this.remainingMs = Math.max(0, this.remainingMs - (Date.now() - (this.startedAt ?? Date.now())));
    this.startedAt = undefined;
    this.report();
  }

  private report(): void {
    this.onChange({
      deadlineAt: this.startedAt === undefined ? null : this.startedAt + this.remainingMs,
      remainingMs: this.remainingMs,
      suspended: this.isSuspended,
    });
  }
}
