/**
 * No file of the product reaches itself through its imports, type-only imports included.
 * Lint's no-cycle does not follow `import type`, yet a circle of types still ties the
 * modules together (seq-index ↔ its file format, events ↔ redact were such circles).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ALIASES: Record<string, string> = { '@app/': 'app/', '@wire/': 'server/wire/' };

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'node_modules' || name === 'fixtures' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    const alias = Object.keys(ALIASES).find((prefix) => fileName.startsWith(prefix));
    const base = alias ? ALIASES[alias] + fileName.slice(alias.length) : fileName.startsWith('.') ? normalize(join(dirname(file), fileName)) : undefined;
    const found = base === undefined ? undefined : ['', '.ts', '.tsx'].map((ext) => base + ext).find((path) => known.has(path));
    return found ? [found] : [];
  });
}

/** The circles of the graph: strongly connected groups of more than one file, or a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.map((path) => relative(ROOT, join(ROOT, path))));
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

it('no product file imports itself round a circle, type-only imports included', () => {
  const files = ['app', 'server', 'kit', 'walkthrough'].flatMap(sources);
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
  expect(graph.size).toBeGreaterThan(300);
  expect(circles(graph)).toEqual([]);
});
