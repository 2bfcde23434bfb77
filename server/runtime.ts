/**
 * Where the inspector's own files are, whether it runs from the TypeScript sources
 * (through tsx) or from the bundle in dist/server.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshBundle as fresh } from './fresh-bundle.mjs';

const isBundled = process.env.INSPECTOR_BUNDLED === '1';

/** The package root: one level up from server/<file>, two from dist/server/<file>. */
export const PACKAGE_ROOT = fileURLToPath(new URL(isBundled ? '../../' : '../', import.meta.url));

/** The bundle of an entry point, if it is newer than every source file. */
export function freshBundle(name: string): string | undefined {
  return fresh(PACKAGE_ROOT, name);
}

/**
 * The file to import for an entry point of server/build-server.mjs: the bundle when this code runs
 * from one (built with it, so as current), else its TypeScript source (through tsx, as this code is).
 */
export function entryFile(bundle: string, source: string): string {
  return isBundled ? join(PACKAGE_ROOT, 'dist/server', `${bundle}.mjs`) : join(PACKAGE_ROOT, source);
}
