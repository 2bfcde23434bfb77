/**
 * A pid read from a file is signalled only through server/store/process-alive.ts (a liveness check) or
 * server/session/process-tree.ts's signal(), both of which refuse 0 and negative numbers: `kill` takes
 * those for process groups. The one group signal the product sends is the kit's, to the group of an
 * inspector it spawned itself (its pid from Node, never read from a file).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sourceFiles } from '../scripts/import-graph';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SANCTIONED = new Map([
  ['server/store/process-alive.ts', 'process.kill(pid, 0)'],
  ['server/session/process-tree.ts', 'process.kill(pid, name)'],
  ['kit/start-inspector.ts', "process.kill(-child.pid, 'SIGKILL')"],
]);

it('every process.kill of the product is one of the guarded ones', () => {
  const calls: string[] = [];
  for (const file of ['app', 'server', 'kit', 'walkthrough'].flatMap((dir) => sourceFiles(ROOT, dir))) {
    const path = file.replaceAll('\\', '/');
    for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(/process\.kill\([^)]*\)/g)) calls.push(`${path}: ${match[0]}`);
  }
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.sort()).toEqual([...SANCTIONED].map(([path, call]) => `${path}: ${call}`).sort());
});
