// Each `npm test` step's CPU with every process it started counted, in a cgroup of its own.
// A parent counts a child's CPU only when it waits for it: a process whose parent ends first
// (Chromium's renderers when the browser goes, a server killed with its group) is reaped
// elsewhere. On the two-core CI machine that left ~900 s of a 2,400 s run out of the steps'
// counts. A cgroup (v2's cpu.stat, which every cgroup keeps) counts them all, and what is
// still in it when the step has ended is a process the step left running.
// Where cgroups are not writable (no root, no delegation, not Linux), there is none: the
// caller falls back to what it reaps.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The cgroup v2 mount point in a /proc/self/mountinfo text, `undefined` if none is mounted. */
export function cgroup2Mount(mountinfo) {
  for (const line of mountinfo.split('\n')) {
    // "36 25 0:30 / /sys/fs/cgroup rw,… shared:9 - cgroup2 cgroup2 rw,…": the type follows " - ".
    const [before, after] = line.split(' - ');
    if (after?.split(' ')[0] === 'cgroup2') return before?.split(' ')[4];
  }
  return undefined;
}

/** This process's cgroup v2 path (the `0::` line of /proc/self/cgroup), `undefined` if it has none. */
export function ownCgroup2Path(procCgroup) {
  const line = procCgroup.split('\n').find((l) => l.startsWith('0::'));
  return line?.slice(3).trim() || undefined;
}

/** CPU seconds (user + system) in a cgroup's cpu.stat text, `undefined` if it does not parse. */
export function usageSecondsFromCpuStat(text) {
  const match = /^usage_usec (\d+)$/m.exec(text);
  return match ? Number(match[1]) / 1e6 : undefined;
}

/**
 * A new cgroup for the step `name`, beside this process's own, or `undefined` where one cannot be
 * made or a process cannot be placed in it (checked with a throwaway shell before it is used).
 */
export function openStepCgroup(name) {
  if (process.platform !== 'linux') return undefined;
  let dir;
  try {
    const mount = cgroup2Mount(readFileSync('/proc/self/mountinfo', 'utf8'));
    const own = ownCgroup2Path(readFileSync('/proc/self/cgroup', 'utf8'));
    if (!mount || !own) return undefined;
    dir = join(mount, own, `npm-test-${process.pid}-${name}`);
    mkdirSync(dir);
  } catch {
    return undefined;
  }
  const probe = spawnSync('sh', ['-c', 'echo $$ > "$0/cgroup.procs"', dir], { stdio: 'ignore' });
  if (probe.status !== 0) {
    removeDir(dir);
    return undefined;
  }
  return new StepCgroup(dir);
}

class StepCgroup {
  constructor(dir) {
    this.dir = dir;
  }

  /** The command line that runs `command` inside the cgroup: a shell places itself, then becomes the command. */
  wrap(command, args) {
    return { command: 'sh', args: ['-c', 'echo $$ > "$0/cgroup.procs" || exit 125; exec "$@"', this.dir, command, ...args] };
  }

  /** CPU seconds of every process that has been in the cgroup, those that ended included. */
  cpuSeconds() {
    try {
      return usageSecondsFromCpuStat(readFileSync(join(this.dir, 'cpu.stat'), 'utf8'));
    } catch {
      return undefined;
    }
  }

  /** The processes still in the cgroup, each as "pid command line". */
  leftovers() {
    let pids;
    try {
      pids = readFileSync(join(this.dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
    return pids.map((pid) => `${pid} ${commandLine(pid)}`);
  }

  /**
   * Remove the cgroup. Processes still in it are moved to its parent first (a cgroup with processes
   * cannot be removed); they are the step's to stop, not this.
   */
  close() {
    for (const line of this.leftovers()) {
      try {
        writeFileSync(join(this.dir, '..', 'cgroup.procs'), line.split(' ')[0] ?? '');
      } catch {
        // It ended meanwhile.
      }
    }
    removeDir(this.dir);
  }
}

function commandLine(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return text.length > 160 ? `${text.slice(0, 160)}…` : text;
  } catch {
    return '(ended)';
  }
}

function removeDir(dir) {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty or already gone: left to the system, which removes nothing by itself; said by the caller's leftovers.
  }
}
