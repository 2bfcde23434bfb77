/**
 * The project's own import graph, read from the sources without compiling them (TypeScript's
 * preProcessFile: static, type-only and dynamic imports alike), for the import-circle test and
 * for Vitest's config, which runs the test files that reach a module holding state for the
 * process's life each in a fresh module graph (vite.config.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

const ALIASES: Record<string, string> = { '@app/': 'app/', '@wire/': 'server/wire/' };
const EXTENSIONS = ['', '.ts', '.tsx'];

/** The TypeScript files under `dir` (relative to `root`), skipping node_modules and recorded fixtures; test files only when asked. */
export function sourceFiles(root: string, dir: string, options: { withTests?: boolean } = {}): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' || name === 'fixtures' ? [] : sourceFiles(root, path, options);
    const isTest = /\.test\.tsx?$/.test(name);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && (options.withTests || !isTest) ? [path] : [];
  });
}

/** Each file's imports among `files` (paths relative to `root`, as `sourceFiles` gives them); packages are left out. */
export function importGraph(root: string, files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const importsOf = (file: string) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    return importedFiles.flatMap(({ fileName }) => {
      const alias = Object.keys(ALIASES).find((prefix) => fileName.startsWith(prefix));
      const base = alias ? ALIASES[alias] + fileName.slice(alias.length) : fileName.startsWith('.') ? normalize(join(dirname(file), fileName)) : undefined;
      const found = base === undefined ? undefined : EXTENSIONS.map((ext) => base.replace(/\.js$/, '') + ext).find((path) => known.has(path));
      return found ? [found] : [];
    });
  };
  return new Map(files.map((file) => [file, importsOf(file)]));
}

/** The files of `from` whose imports reach one of `targets`, directly or through others. */
export function filesReaching(graph: Map<string, string[]>, from: string[], targets: string[]): string[] {
  const wanted = new Set(targets);
  const reaches = new Map<string, boolean>();
  const visit = (file: string, path: Set<string>): boolean => {
    if (wanted.has(file)) return true;
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (path.has(file)) return false;
    path.add(file);
    const found = (graph.get(file) ?? []).some((next) => visit(next, path));
    path.delete(file);
    reaches.set(file, found);
    return found;
  };
  return from.filter((file) => visit(file, new Set()));
}
