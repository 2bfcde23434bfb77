#!/usr/bin/env node
// Starts the inspector from the bundle in dist/server: always in an installed package,
// and in a checkout when the bundle is newer than every source file (fast start);
// else from the TypeScript sources through tsx, which only a checkout has. Plain JavaScript,
// so that it runs before either. It knows no command: cli.ts reads the command word through
// the table of commands (server/commands.ts), which also says which command has an entry of
// its own (`demo`, the walkthrough, which the proxy does not import).
import { fileURLToPath } from 'node:url';
import { freshBundle, hasSources } from './fresh-bundle.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const bundle = freshBundle(root, 'cli');
if (bundle) {
  await import(bundle);
} else if (hasSources(root)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./cli.ts');
} else {
  process.stderr.write(`elicitation-inspector: ${root}dist/server/cli.mjs is missing; this package was packed without running its build (npm run build).\n`);
  process.exit(1);
}
