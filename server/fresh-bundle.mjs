// Shared by bin.mjs (plain Node) and runtime.ts: is the bundle in dist/server current?
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The bundle of an entry point if it exists and is newer than every source file under server/; else undefined. */
export function freshBundle(root, name) {
  const bundle = join(root, 'dist/server', `${name}.mjs`);
  if (!existsSync(bundle)) return undefined;
  return statSync(bundle).mtimeMs >= newestSource(join(root, 'server')) ? bundle : undefined;
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
