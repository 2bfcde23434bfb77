import { join } from 'node:path';
import { freshBundle, PACKAGE_ROOT } from '../runtime';
import type { Target } from '../wire/target';

/**
 * The demo server as a stdio target: the bundled build when it is current, else
 * the TypeScript source with tsx loaded by file URL (so it resolves from this
 * package wherever the inspector was started).
 */
export function demoTarget(): Target {
  const bundle = freshBundle('demo-stdio');
  const args = bundle ? [bundle] : ['--import', import.meta.resolve('tsx'), join(PACKAGE_ROOT, 'server/demo/stdio.ts')];
  return { transport: 'stdio', command: process.execPath, args, env: {} };
}
