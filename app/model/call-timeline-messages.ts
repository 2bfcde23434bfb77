/** How the Timeline writes durations. */
/** "1,502 ms": whole milliseconds with a thousands separator, the same in every locale. */
export function formatMs(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ms`;
}

/** A duration where room is short (inside a span, a call row's split): milliseconds up to 10 s, then seconds ("12.3 s"). */
export function formatShortMs(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  return whole < 10_000 ? formatMs(whole) : `${(whole / 1000).toFixed(1)} s`;
}
