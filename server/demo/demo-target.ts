import { fileURLToPath } from 'node:url';
import type { Target } from '../wire/target';

/**
 * The demo server as a stdio target: this Node binary, with tsx loaded by file URL
 * so it resolves from this package wherever the inspector was started.
 */
export function demoTarget(): Target {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('./stdio.ts', import.meta.url))],
    env: {},
  };
}
