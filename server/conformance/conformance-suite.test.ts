import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../runtime';
import { SUITE_VERSION } from './conformance-suite';

describe('the conformance suite conformance-server fetches', () => {
  it('is the release the project is tested with, so npx on a machine without it runs what the tests ran', () => {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(SUITE_VERSION).toBe(pkg.devDependencies['@modelcontextprotocol/conformance']);
  });
});
