/**
 * The page's weight budget (scripts/page-weight.json) holds for the build in dist/app,
 * the figure docs/limits.md quotes is that build's, and the check does catch a large
 * library imported into the entry: the real page is built once more with re2js pulled
 * in statically, and the check must refuse it, naming the entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { measureFiles, measurePage, overBudget, readBudgets, type BuiltFiles } from './page-weight';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const budgets = readBudgets(join(ROOT, 'scripts/page-weight.json'));
/** How far the quoted figure may drift from the build before the doc must be updated (kB). */
const DOC_TOLERANCE_KB = 2;

describe('the page weight budget', () => {
  it('holds for the built page: the initial scripts and every lazy chunk', () => {
    const weight = measurePage(join(ROOT, 'dist/app'));
    expect(weight.initial.map((chunk) => chunk.name)).toContain('index');
    expect(overBudget(weight, budgets)).toEqual([]);
  });

  it('is the figure docs/limits.md quotes', () => {
    const quoted = /initial JavaScript is (\d+) kB gzip/.exec(readFileSync(join(ROOT, 'docs/limits.md'), 'utf8'));
    expect(quoted, 'docs/limits.md says "initial JavaScript is N kB gzip" (npm run weight prints it)').not.toBeNull();
    const built = measurePage(join(ROOT, 'dist/app')).initialGzipBytes / 1000;
    expect(Math.abs(Number(quoted![1]) - built)).toBeLessThanOrEqual(DOC_TOLERANCE_KB);
    expect(readFileSync(join(ROOT, 'docs/limits.md'), 'utf8')).toContain(`budget of ${budgets.initialGzipBytes / 1000} kB`);
  });

  describe('with a large library imported into the entry', () => {
    it('fails, naming the entry, its size and the budget', async () => {
      const heavyImport: Plugin = {
        name: 'heavy-import',
        enforce: 'pre',
        transform(code, id) {
          if (!id.endsWith('/app/main.tsx')) return undefined;
          return `${code}\nimport { RE2JS as Heavy } from 're2js';\nconsole.log(Heavy.quote('.'));\n`;
        },
      };
      // Kept in memory (write: false): nothing on disk changes, and nothing is compressed for serving.
      const output = await build({ configFile: join(ROOT, 'vite.config.ts'), plugins: [heavyImport], logLevel: 'silent', build: { write: false } });
      const files: BuiltFiles = new Map();
      for (const item of [output].flat()) {
        if (!('output' in item)) throw new Error('expected a finished build');
        for (const file of item.output) files.set(file.fileName, file.type === 'chunk' ? file.code : file.source);
      }
      const failures = overBudget(measureFiles(files), budgets);
      // The entry is what fails; a lazy chunk whose shared code moved into the entry may shift around its budget too.
      expect(
        failures.filter((failure) => failure.startsWith('the initial JavaScript')),
        failures.join('\n'),
      ).toHaveLength(1);
      expect(failures[0]).toMatch(/^the initial JavaScript is \d+\.\d kB gzip, over its budget of 120\.0 kB \(index \d+\.\d kB/);
    });
  });
});
