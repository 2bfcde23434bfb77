// Shared by bin.mjs (plain Node) and runtime.ts: is the bundle in dist/server the code to run?
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The bundle of an entry point if it should run: always in an installed package (it ships
 * no TypeScript sources, so there is nothing to be stale against), else only when it is
 * newer than every source file it was built from. Undefined when the sources must run.
 */
export function freshBundle(root, name) {
  const bundle = join(root, 'dist/server', `${name}.mjs`);
  if (!existsSync(bundle)) return undefined;
  if (!hasSources(root)) return bundle;
  // The bundles hold server/, the walkthrough and the kit module it starts inspectors with.
  const newest = Math.max(...['server', 'walkthrough', 'kit'].map((dir) => newestSource(join(root, dir))));
  return statSync(bundle).mtimeMs >= newest ? bundle : undefined;
}

/** Whether this is a checkout (TypeScript sources present) rather than an installed package. */
export function hasSources(root) {
  return existsSync(join(root, 'server/cli.ts'));
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}
