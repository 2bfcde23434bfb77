import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cgroup2Mount, openStepCgroup, ownCgroup2Path, usageSecondsFromCpuStat } from './step-cgroup.mjs';
import { reapedChildrenCpuSeconds } from './test-times.mjs';

/**
 * A shell that starts a Node grandchild spinning until it has used 300 ms of CPU, and ends at once: the
 * shell's own CPU is a few milliseconds (a Node parent's start took 0.2 s on a loaded machine).
 */
const ORPHAN_SPINNER = [
  '-c',
  '"$0" -e "$1" >/dev/null 2>&1 &',
  process.execPath,
  'const u = () => { const c = process.cpuUsage(); return c.user + c.system; }; while (u() < 300_000);',
];

describe("npm test's per-step cgroup", () => {
  it('finds the cgroup v2 mount and this process’s place in it, in a hybrid and a plain layout', () => {
    const hybrid = [
      '30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
      '32 30 0:29 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct',
      '41 30 0:36 / /sys/fs/cgroup/unified rw,relatime shared:9 - cgroup2 cgroup2 rw',
    ].join('\n');
    expect(cgroup2Mount(hybrid)).toBe('/sys/fs/cgroup/unified');
    expect(cgroup2Mount('36 25 0:30 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n')).toBe('/sys/fs/cgroup');
    expect(cgroup2Mount('30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw\n')).toBeUndefined();
    expect(ownCgroup2Path('4:memory:/process_api/79ca\n1:cpu:/\n0::/user.slice/user-1000.slice/session-2.scope\n')).toBe(
      '/user.slice/user-1000.slice/session-2.scope',
    );
    expect(ownCgroup2Path('0::/\n')).toBe('/');
    expect(ownCgroup2Path('4:memory:/x\n')).toBeUndefined();
  });

  it("reads a cgroup's CPU from its cpu.stat, and nothing from a text without it", () => {
    expect(usageSecondsFromCpuStat('usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n')).toBe(2.5);
    expect(usageSecondsFromCpuStat('user_usec 1\n')).toBeUndefined();
  });

  // Where cgroups can be written (CI runs as root); elsewhere openStepCgroup says there is none.
  const cgroup = openStepCgroup(`probe-${process.pid}`);
  cgroup?.close();

  it.runIf(cgroup !== undefined)('counts a process whose parent ended first, which the reaped count misses, and names it while it runs', () => {
    const step = openStepCgroup(`test-${process.pid}`)!;
    try {
      const reapedBefore = reapedChildrenCpuSeconds()!;
      const { command, args } = step.wrap('sh', ORPHAN_SPINNER);
      expect(spawnSync(command, args).status).toBe(0);
      // The parent has ended; the spinner runs on in the step's cgroup, named as left running (by its parent's
      // command line if it is read between its fork and its exec, which names node -e too).
      expect(step.leftovers().join('\n')).toMatch(/^\d+ .*node -e /m);
      const waitUntil = Date.now() + 20_000;
      while (step.leftovers().length > 0 && Date.now() < waitUntil) spawnSync('sleep', ['0.05']);
      expect(step.leftovers()).toEqual([]);
      expect(step.cpuSeconds()).toBeGreaterThan(0.25);
      expect(reapedChildrenCpuSeconds()! - reapedBefore).toBeLessThan(0.2);
    } finally {
      step.close();
    }
    expect(existsSync(step.dir)).toBe(false);
  });

  it.runIf(cgroup !== undefined)('moves what is still running out before it removes the cgroup, and leaves it running', () => {
    const step = openStepCgroup(`close-${process.pid}`)!;
    const { command, args } = step.wrap('sh', ['-c', 'sleep 30 >/dev/null 2>&1 & echo $!']);
    const pid = Number(spawnSync(command, args, { encoding: 'utf8' }).stdout.trim());
    // Only a positive pid names one process: 0 would signal this process's whole group below.
    expect(pid).toBeGreaterThan(0);
    try {
      expect(step.leftovers()).toEqual([`${pid} sleep 30`]);
      step.close();
      expect(existsSync(step.dir)).toBe(false);
      expect(() => process.kill(pid, 0)).not.toThrow();
    } finally {
      step.close();
      process.kill(pid);
    }
  });
});
