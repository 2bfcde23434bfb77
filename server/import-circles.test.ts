/**
 * No file of the product reaches itself through its imports, type-only imports included.
 * Lint's no-cycle does not follow `import type`, yet a circle of types still ties the
 * modules together (seq-index ↔ its file format, events ↔ redact were such circles).
 */
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { importGraph, sourceFiles } from '../scripts/import-graph';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

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
  const graph = importGraph(
    ROOT,
    ['app', 'server', 'kit', 'walkthrough'].flatMap((dir) => sourceFiles(ROOT, dir)),
  );
  expect(graph.size).toBeGreaterThan(300);
  expect(circles(graph)).toEqual([]);
});
