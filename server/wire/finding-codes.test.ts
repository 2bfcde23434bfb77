/**
 * The finding-code table and docs/findings.md say the same thing: each code has its paragraph
 * under the anchor the table names, opening with the table's severity, and the page has no
 * paragraph for a code the table lacks. A finding is raised only through the table: a code
 * outside it does not compile (the @ts-expect-error lines below fail `npm run typecheck` the
 * day it would).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownSections } from '../../scripts/markdown-anchors';
import { FINDING_CODES, findingDocs, findingOf, isFindingCode, type FindingCode, type RaisedFinding } from './finding-codes';

const DOCS = 'docs/findings.md';
const sections = markdownSections(readFileSync(new URL(`../../${DOCS}`, import.meta.url), 'utf8'));
const codes = Object.keys(FINDING_CODES) as FindingCode[];

/** A code's paragraph opens with its severity: "**Error.**", "**Warning.**" or "**Info.**". */
const statedSeverity = (body: string) => /^\*\*(Error|Warning|Info)\.\*\*/.exec(body.trim())?.[1].toLowerCase();

describe(`the finding codes and ${DOCS}`, () => {
  it('documents every code under the anchor the table names, with the severity the table gives', () => {
    const drift: string[] = [];
    for (const code of codes) {
      const { anchor, severity } = FINDING_CODES[code];
      const section = sections.find((s) => s.anchor === anchor);
      if (!section) drift.push(`${code}: no heading #${anchor} in ${DOCS}`);
      else if (!section.heading.includes(`\`${code}\``)) drift.push(`${code}: the heading #${anchor} does not name it`);
      else if (statedSeverity(section.body) !== severity)
        drift.push(`${code}: ${DOCS}#${anchor} says ${statedSeverity(section.body) ?? 'no severity'}, the table ${severity}`);
    }
    expect(drift).toEqual([]);
  });

  it('gives each code a meaning of one line', () => {
    const long = codes.filter((code) => !/^[^\n]{10,130}\.$/.test(FINDING_CODES[code].meaning));
    expect(long).toEqual([]);
  });

  it('documents no code the table lacks', () => {
    const documented = sections.flatMap((s) => [...s.heading.matchAll(/^`([a-z0-9-]+)`$/g)].map((m) => m[1]));
    expect(documented.filter((code) => !isFindingCode(code))).toEqual([]);
  });
});

describe('findingOf', () => {
  it("takes a code of the table and gives it the table's severity", () => {
    expect(findingOf('form-asks-for-secret', 'Field `password`…')).toEqual({ code: 'form-asks-for-secret', severity: 'warning', message: 'Field `password`…' });
  });

  it('compiles only for codes of the table', () => {
    // Checked by the compiler, never run: each line must be refused, or its @ts-expect-error is unused and typecheck fails.
    const raises = (): RaisedFinding[] => [
      // @ts-expect-error a code outside the table is not a FindingCode
      findingOf('schema-is-odd', 'm'),
      // @ts-expect-error nor can a finding be written by hand with one
      { code: 'schema-is-odd', severity: 'error', message: 'm' },
    ];
    expect(typeof raises).toBe('function');
  });
});

describe('a code read back from a file or the wire', () => {
  it("is a table code, or one this version does not know, never one of Object's own names", () => {
    expect(isFindingCode('url-idn')).toBe(true);
    for (const code of ['schema-from-an-older-version', 'constructor', '__proto__', 'toString', '']) expect(isFindingCode(code), code).toBe(false);
  });

  it('points at its paragraph, or at the page for a code the table does not have', () => {
    expect(findingDocs('url-idn')).toBe('docs/findings.md#url-idn');
    expect(findingDocs('constructor')).toBe('docs/findings.md');
  });
});
