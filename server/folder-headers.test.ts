/**
 * Each folder of the product opens with a header (its README.md: the folder's job, then what it may
 * import), and ARCHITECTURE.md is a map a person reads in two minutes. Both stay true: every import of
 * a folder's source files lands in the folder itself or in one its header names, every folder is on
 * the map, and no cell of the map runs past 40 words.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** The folders with a job of their own: each of server/ and app/ (but the integration tests), the kit and the walkthrough. */
const FOLDERS = [
  ...['server', 'app'].flatMap((top) =>
    readdirSync(join(ROOT, top))
      .filter((name) => statSync(join(ROOT, top, name)).isDirectory() && name !== 'integration')
      .map((name) => `${top}/${name}`),
  ),
  'kit',
  'walkthrough',
];

/** The folder a repository path belongs to, or the path itself for a file outside every folder (server/version.ts). */
function placeOf(path: string): string {
  return FOLDERS.find((folder) => path === folder || path.startsWith(`${folder}/`)) ?? path;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.endsWith('.d.mts'))
    .map((file) => `${folder}/${file.replaceAll('\\', '/')}`);
}

/** Where each project import of a file lands (relative paths, and the page's @wire/ and @app/ aliases). */
function importsOf(file: string): { spec: string; place: string; line: number }[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: { spec: string; place: string; line: number }[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]((?:\.{1,2}\/|@wire\/|@app\/)[^'"]+)['"]/g)) {
    const spec = match[1];
    const target = spec.startsWith('@wire/')
      ? `server/wire/${spec.slice('@wire/'.length)}`
      : spec.startsWith('@app/')
        ? `app/${spec.slice('@app/'.length)}`
        : relative(ROOT, normalize(join(ROOT, dirname(file), spec))).replaceAll('\\', '/');
    const place = placeOf(target);
    // A file outside every folder is named by its name with .ts (server/version.ts); an import leaves it off.
    const named = FOLDERS.includes(place) || /\.(ts|tsx|mts|mjs)$/.test(place) ? place : `${place}.ts`;
    found.push({ spec, place: named, line: text.slice(0, match.index).split('\n').length });
  }
  return found;
}

/** What a header says its folder may import: the folders and files it names on its "May import:" line. */
function mayImport(header: string): string[] {
  const line = header.split('\n').find((l) => l.startsWith('May import:')) ?? '';
  return [...line.matchAll(/\b((?:server|app|scripts)\/[\w.-]+|kit|walkthrough)\b/g)].map((m) => m[1].replace(/\.$/, ''));
}

describe('folder headers', () => {
  it.each(FOLDERS)('%s opens with its job and what it may import', (folder) => {
    const path = join(ROOT, folder, 'README.md');
    expect(existsSync(path), `${folder}/README.md`).toBe(true);
    const header = readFileSync(path, 'utf8');
    expect(header.split('\n')[0]).toBe(`# ${folder}`);
    expect(header).toMatch(/^May import: .+\.$/m);
  });

  it.each(FOLDERS)('%s imports only what its header names', (folder) => {
    const path = join(ROOT, folder, 'README.md');
    const allowed = new Set([folder, ...mayImport(existsSync(path) ? readFileSync(path, 'utf8') : '')]);
    const outside = sourceFiles(folder).flatMap((file) =>
      importsOf(file)
        .filter(({ place }) => !allowed.has(place))
        .map(({ spec, place, line }) => `${file}:${line} imports ${spec} (${place})`),
    );
    expect(outside, `${folder}/README.md's "May import:" line names none of these`).toEqual([]);
  });
});

describe('ARCHITECTURE.md', () => {
  const map = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const rows = map.split('\n').filter((line) => line.startsWith('| `'));

  it('puts every folder on the map', () => {
    const named = rows.flatMap((row) => [...row.split(' | ')[0].matchAll(/`([^`]+?)\/?`/g)].map((m) => m[1]));
    expect(FOLDERS.filter((folder) => !named.includes(folder) && !named.some((n) => n.includes('<') && folder.startsWith(n.split('<')[0])))).toEqual([]);
  });

  it('keeps each cell of the map to 40 words: the detail is in the folder headers', () => {
    const long = rows.flatMap((row) =>
      row
        .split(' | ')
        .map((cell) => cell.replace(/^\| |\|$/g, '').trim())
        .filter((cell) => cell.split(/\s+/).length > 40)
        .map((cell) => `${cell.split(/\s+/).length} words: ${cell.slice(0, 80)}…`),
    );
    expect(long).toEqual([]);
  });
});
