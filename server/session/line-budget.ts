/**
 * How many lines a flood may log: up to `perWindow` in each window of `windowMs`;
 * the rest are counted and reported once the window ends (or the session does).
 */
export class LineBudget {
  private windowStart = 0;
  private taken = 0;
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly onDropped: (count: number) => void,
    private readonly perWindow = 100,
    private readonly windowMs = 10_000,
  ) {}

  /** Whether this line may be logged. */
  take(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= this.windowMs) {
      this.flush();
      this.windowStart = now;
      this.taken = 0;
    }
    if (this.taken < this.perWindow) {
      this.taken++;
      return true;
    }
    this.dropped++;
    this.timer ??= setTimeout(() => this.flush(), this.windowStart + this.windowMs - now).unref();
    return false;
  }

  /** Report the lines dropped so far, if any. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.dropped === 0) return;
    const count = this.dropped;
    this.dropped = 0;
    this.onDropped(count);
  }
}
