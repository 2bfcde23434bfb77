/**
 * What the built page costs a browser before its first paint, and what each chunk
 * loaded later costs, in gzip bytes: measured from `dist/app` and held to the budgets
 * in `page-weight.json`. The first paint waits for the entry script and every chunk it
 * imports statically (the ones index.html preloads), so those count together; a
 * chunk fetched by `import()` counts on its own, under its own budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A built script: its name without the content hash (`json-form` for `json-form-CQJ8gaM4.js`), its file and sizes. */
export type ChunkWeight = { name: string; file: string; rawBytes: number; gzipBytes: number };
export type PageWeight = {
  /** The scripts the first paint waits for: the entry and its static imports. */
  initial: ChunkWeight[];
  initialGzipBytes: number;
  /** Every other script, loaded with `import()`. */
  lazy: ChunkWeight[];
};
/** The budgets file: gzip bytes for the initial scripts together, and for each lazy chunk by name. */
export type PageBudgets = { initialGzipBytes: number; lazyGzipBytes: Record<string, number> };

const HASHED = /^(.+)-[\w-]{8}\.js$/;
/** `<script type="module" src>` and `<link rel="modulepreload" href>` in the built index.html. */
const HTML_SCRIPT = /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?(assets\/[^"]+\.js)"/g;
/** A static import between chunks (`import{a as b}from"./x.js"`, `import"./x.js"`); `import("./x.js")` is not one. */
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g;

export function chunkName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return HASHED.exec(base)?.[1] ?? base.replace(/\.js$/, '');
}

/** A build's files by their path in it (`index.html`, `assets/index-….js`): read from a folder, or a build kept in memory. */
export type BuiltFiles = Map<string, string | Uint8Array>;

/** Measure a built page in a folder (`dist/app`). */
export function measurePage(appDir: string): PageWeight {
  const files: BuiltFiles = new Map([['index.html', readFileSync(join(appDir, 'index.html'))]]);
  for (const name of readdirSync(join(appDir, 'assets'))) if (name.endsWith('.js')) files.set(`assets/${name}`, readFileSync(join(appDir, 'assets', name)));
  return measureFiles(files);
}

/** Measure a build's scripts: gzip at zlib's default level, as the proxy sends them. */
export function measureFiles(files: BuiltFiles): PageWeight {
  const text = (file: string) => {
    const content = files.get(file);
    if (content === undefined) throw new Error(`The build has no ${file}.`);
    return typeof content === 'string' ? content : Buffer.from(content).toString('utf8');
  };
  const weigh = (file: string): ChunkWeight => {
    const bytes = Buffer.from(text(file));
    return { name: chunkName(file), file, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length };
  };
  const initial = new Set<string>([...text('index.html').matchAll(HTML_SCRIPT)].map((match) => match[1]));
  // What index.html names, and everything those import statically, whether or not the html preloads it.
  for (const file of initial) {
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    for (const match of text(file).matchAll(STATIC_IMPORT)) initial.add(dir + match[1]);
  }
  // Sorted, so reports read the same each time.
  const scripts = [...files.keys()].filter((file) => file.endsWith('.js')).sort();
  const initialWeights = [...initial].map(weigh);
  return {
    initial: initialWeights,
    initialGzipBytes: initialWeights.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    lazy: scripts.filter((file) => !initial.has(file)).map(weigh),
  };
}

/** Each budget a build breaks, as a sentence naming the chunk, its size and its budget; empty when all hold. */
export function overBudget(weight: PageWeight, budgets: PageBudgets, budgetsFile = 'scripts/page-weight.json'): string[] {
  const failures: string[] = [];
  if (weight.initialGzipBytes > budgets.initialGzipBytes) {
    const parts = weight.initial.map((chunk) => `${chunk.name} ${kB(chunk.gzipBytes)}`).join(', ');
    failures.push(`the initial JavaScript is ${kB(weight.initialGzipBytes)} gzip, over its budget of ${kB(budgets.initialGzipBytes)} (${parts})`);
  }
  for (const chunk of weight.lazy) {
    const budget = budgets.lazyGzipBytes[chunk.name];
    if (budget === undefined) failures.push(`the lazy chunk ${chunk.name} (${kB(chunk.gzipBytes)} gzip) has no budget in ${budgetsFile}`);
    else if (chunk.gzipBytes > budget) failures.push(`the lazy chunk ${chunk.name} is ${kB(chunk.gzipBytes)} gzip, over its budget of ${kB(budget)}`);
  }
  return failures;
}

/** Bytes as the docs and Vite say them: kB of 1,000 bytes, one decimal. */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export function readBudgets(file: string): PageBudgets {
  return JSON.parse(readFileSync(file, 'utf8')) as PageBudgets;
}
