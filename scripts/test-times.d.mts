/** Per-file seconds and a test count, as the time summary reads them. */
export type FileSeconds = { seconds: Map<string, number>; tests: number };
/** One failed test as the summary prints it. */
export type Failure = { where: string; name: string; message: string };

export function unitFileSeconds(report: unknown): FileSeconds;
export function e2eFileSeconds(report: unknown): FileSeconds;
export function timeLines(name: string, times: FileSeconds, cpuSeconds?: number): string[];
export function unitFailures(report: unknown): Failure[];
export function e2eFailures(report: unknown): Failure[];
export function failedLines(name: string, failures: Failure[]): string[];
export function printTimeReport(files: { unit: string; e2e: string; cpu?: Record<string, number | undefined> }): void;
export function reapedChildrenCpuSeconds(): number | undefined;
export function reapedCpuFromStat(statText: string): number | undefined;
export function cpuLine(cpuSeconds: number, wallSeconds: number, cores: number): string;
export function machineBusySeconds(): number | undefined;
export function busySecondsFromProcStat(text: string): number | undefined;
export function machineLine(busySeconds: number, wallSeconds: number, cores: number): string;
