/**
 * `npm run weight`: the built page's scripts, gzip bytes against their budgets, and the
 * line docs/limits.md quotes. Run after `npm run build`; exits 1 when a budget is broken.
 */
import { fileURLToPath } from 'node:url';
import { kB, measurePage, overBudget, readBudgets } from './page-weight';

const root = fileURLToPath(new URL('../', import.meta.url));
const weight = measurePage(`${root}dist/app`);
const budgets = readBudgets(`${root}scripts/page-weight.json`);
const row = (name: string, raw: number, gzip: number, budget: number | undefined) =>
  `${name.padEnd(28)} ${kB(raw).padStart(10)} ${kB(gzip).padStart(10)} ${budget === undefined ? '(none)' : kB(budget)}\n`;

process.stdout.write(`${'chunk'.padEnd(28)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} budget\n`);
for (const chunk of weight.initial) process.stdout.write(row(`${chunk.name} (initial)`, chunk.rawBytes, chunk.gzipBytes, undefined));
const initialRaw = weight.initial.reduce((sum, chunk) => sum + chunk.rawBytes, 0);
process.stdout.write(row('initial, together', initialRaw, weight.initialGzipBytes, budgets.initialGzipBytes));
for (const chunk of weight.lazy) process.stdout.write(row(chunk.name, chunk.rawBytes, chunk.gzipBytes, budgets.lazyGzipBytes[chunk.name]));
process.stdout.write(`\ndocs/limits.md: the initial JavaScript is ${Math.round(weight.initialGzipBytes / 1000)} kB gzip\n`);
const failures = overBudget(weight, budgets);
for (const failure of failures) process.stderr.write(`over budget: ${failure}\n`);
process.exitCode = failures.length > 0 ? 1 : 0;
