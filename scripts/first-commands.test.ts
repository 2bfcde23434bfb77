/**
 * A newcomer's first two commands, `npm ci` and `npm start`, print no warning the project can
 * remove: npm 11 names every dependency whose install script `allowScripts` does not decide, and
 * every one whose `engines.node` the running Node does not satisfy (EBADENGINE); Vite warns about
 * what its config uses that its native loader will not take. Each is checked here where it comes
 * from, without running an install or a build.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const readJson = (name: string) => JSON.parse(readFileSync(`${ROOT}${name}`, 'utf8')) as Record<string, unknown>;

describe("a newcomer's first commands", () => {
  it('npm ci: every dependency with an install script is allowed or denied in package.json', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string; hasInstallScript?: boolean }> };
    const decided = Object.keys((readJson('package.json').allowScripts as Record<string, boolean> | undefined) ?? {});
    const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const undecided = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path, entry]) => `${nameOf(path)}@${entry.version}`)
      .filter((spec) => !decided.some((key) => spec === key || spec.startsWith(`${key}@`)));
    expect(undecided).toEqual([]);
  });

  it('npm ci: no dependency declares an engines.node that Node 20 does not satisfy', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string; engines?: { node?: string } }> };
    // The Node 20 that runs this test, as npm compares it; on a newer Node, a range no Node 20 satisfies.
    const onNode20 = semver.major(process.version) === 20;
    const takesNode20 = (range: string) => (onNode20 ? semver.satisfies(process.version, range) : semver.intersects(range, '20.x'));
    const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const refused = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.engines?.node !== undefined && !takesNode20(entry.engines.node))
      .map(([path, entry]) => `${nameOf(path)}@${entry.version} wants node ${entry.engines!.node}`);
    expect(refused).toEqual([]);
  });

  it("npm start: Vite loads the project's config without a warning", async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = logger.warn;
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, undefined, ROOT, 'warn', logger);
    expect(loaded?.path).toMatch(/vite\.config\.ts$/);
    expect(warnings).toEqual([]);
  });
});
