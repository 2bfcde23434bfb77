#!/usr/bin/env node
// Runs the TypeScript CLI on Node 20, which cannot strip types itself.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
