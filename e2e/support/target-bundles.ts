/**
 * The test servers (e2e/targets, and the demo server over HTTP) bundled once per test run, so each
 * start runs plain JavaScript on Node instead of compiling its TypeScript and the SDK's modules
 * through tsx again: a target's start cost ~0.65 s of CPU through tsx, and `npm test` starts some 170.
 *
 * The bundles sit in `.tmp/targets/<digest>/`, the digest taken over the sources they are built
 * from and the lock file, so a changed source can never run from an old bundle: a process looks for
 * the folder of what is on disk now and, when it is not there (no global setup ran, as in a bench run
 * or a test started from an editor), starts the source through tsx as before. Both test runners'
 * global setups build it (`npm test` runs them side by side): each writes a folder of its own and
 * renames it into place, and the second finds the first's already there.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLES = join(ROOT, '.tmp/targets');
/** What the servers are built from: their own folder, and the proxy's (the demo server and the modules it and some targets import). */
const SOURCE_DIRS = ['e2e/targets', 'server'];
/** The entry points: every target and the demo server over HTTP, by the name a test starts it by. */
function entryPoints(): Record<string, string> {
  const targets = readdirSync(join(ROOT, 'e2e/targets')).filter((name) => name.endsWith('.ts'));
  return {
    ...Object.fromEntries(targets.map((name) => [name.slice(0, -3), join(ROOT, 'e2e/targets', name)])),
    'demo-http': join(ROOT, 'server/demo/http.ts'),
  };
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) yield path;
  }
}

let digestOfSources: string | undefined;
/** A digest of every source file the bundles are built from, and of the lock file (the packages bundled in). */
function sourceDigest(): string {
  if (digestOfSources) return digestOfSources;
  const hash = createHash('sha256');
  for (const file of [...SOURCE_DIRS.flatMap((dir) => [...sourceFiles(dir)]), 'package-lock.json'].sort()) {
    hash
      .update(relative(ROOT, join(ROOT, file)))
      .update('\0')
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  }
  return (digestOfSources = hash.digest('hex').slice(0, 16));
}

/** Build the bundles of the sources as they are now, unless a run already has. */
export async function buildTargetBundles(): Promise<void> {
  const done = join(BUNDLES, sourceDigest());
  if (existsSync(done)) return;
  const { build } = await import('esbuild');
  const draft = `${done}.${process.pid}`;
  await build({
    entryPoints: entryPoints(),
    outdir: draft,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The CommonJS packages bundled in (express, ajv) call require() for Node's own modules.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  try {
    renameSync(draft, done);
  } catch {
    // Another runner's setup put the same bundles there first.
    rmSync(draft, { recursive: true, force: true });
  }
  // Bundles of older sources are never run again.
  mkdirSync(BUNDLES, { recursive: true });
  for (const name of readdirSync(BUNDLES))
    if (/^[0-9a-f]{16}$/.test(name) && name !== sourceDigest()) rmSync(join(BUNDLES, name), { recursive: true, force: true });
}

/** What Node runs to start a target: its bundle when this run has built it, else its TypeScript source through tsx. */
export function targetScript(name: string, source: string, tsx: string): string[] {
  const bundle = join(BUNDLES, sourceDigest(), `${name}.mjs`);
  return existsSync(bundle) ? [bundle] : ['--import', tsx, source];
}
