/**
 * The README and the docs are read on GitHub, where a relative link is a file of the
 * repository and `#anchor` a heading of that file. Every such link must land: a page
 * renamed, a heading reworded or a picture moved fails here, naming the link.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { markdownSections } from './markdown-anchors';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'ARCHITECTURE.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

function anchorsOf(file: string): Set<string> {
  return new Set(markdownSections(readFileSync(file, 'utf8')).map((section) => section.anchor));
}

/** Relative links outside code: `[text](target)` and `![alt](target)`. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('links in the README and docs', () => {
  for (const page of PAGES) {
    it(`every relative link in ${page} lands on a file and heading that exist`, () => {
      const broken: string[] = [];
      for (const link of linksOf(join(ROOT, page))) {
        const [path, anchor] = link.split('#');
        const target = path ? join(dirname(join(ROOT, page)), decodeURIComponent(path)) : join(ROOT, page);
        if (!existsSync(target)) broken.push(`${link}: no file ${relative(ROOT, target)}`);
        else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) broken.push(`${link}: no heading #${anchor} in ${relative(ROOT, target)}`);
      }
      expect(broken).toEqual([]);
    });
  }

  it('the README stays short enough to take in at a glance; the rest lives in docs/', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(220);
  });

  it('every page in docs/ is linked from the README', () => {
    const linked = new Set(linksOf(join(ROOT, 'README.md')).map((link) => link.split('#')[0]));
    const pages = PAGES.filter((page) => page.startsWith('docs/'));
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });
});
