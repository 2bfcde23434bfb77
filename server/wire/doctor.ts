/** The connection doctor's checklist: what the page shows after a failed connect and `--check` prints. */
export type DoctorCheck = {
  /** What was checked, in order: "Command found", "DNS", "TCP", "TLS", "HTTP", "OAuth discovery", "MCP handshake", … */
  step: string;
  status: 'passed' | 'failed' | 'skipped';
  /** What was found, in a sentence. */
  detail: string;
  /** What to do about a failure. */
  hint?: string;
  /** The command's stderr, when it exited at once. */
  output?: string;
};

export type DoctorReport = { target: string; isHealthy: boolean; checks: DoctorCheck[] };
