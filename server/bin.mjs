#!/usr/bin/env node
// Starts the inspector: from the bundle in dist/server when it is newer than every
// source file (fast start), else from the TypeScript sources through tsx.
import { fileURLToPath } from 'node:url';
import { freshBundle } from './fresh-bundle.mjs';

const bundle = freshBundle(fileURLToPath(new URL('../', import.meta.url)), 'cli');
if (bundle) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./cli.ts');
}
