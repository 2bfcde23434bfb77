/** A step's cgroup: the command line that runs inside it, its CPU, what is left in it, and its removal. */
export type StepCgroup = {
  readonly dir: string;
  wrap(command: string, args: string[]): { command: string; args: string[] };
  cpuSeconds(): number | undefined;
  leftovers(): string[];
  close(): void;
};

export function cgroup2Mount(mountinfo: string): string | undefined;
export function ownCgroup2Path(procCgroup: string): string | undefined;
export function usageSecondsFromCpuStat(text: string): number | undefined;
export function openStepCgroup(name: string): StepCgroup | undefined;
