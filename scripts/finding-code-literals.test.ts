/**
 * A finding's code and severity are written in one place, server/wire/finding-codes.ts, and a
 * finding is built with findingOf(code, message). This reads the product's sources (server/, app/,
 * kit/, walkthrough/; tests are free to write any code, as a recorded file may hold any) and names,
 * by file and line, every object that builds a finding with a code or a severity of its own: a
 * `{ code: '…', severity: '…' }` or a `{ kind: 'finding', code: '…' }`. Copying a finding that was
 * read (`{ code: event.code, … }`) is not writing one. The compiler already refuses a code outside
 * the table in findingOf; this also catches a finding written by hand into an event, whose code is
 * any string on the wire.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FINDING_CODES, isFindingCode } from '../server/wire/finding-codes';
import { sourceFiles } from './import-graph';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TABLE = 'server/wire/finding-codes.ts';

/** A string written in place (a literal, a template, either with `as const`), or undefined for anything computed. */
function writtenText(node: ts.Expression | undefined): string | undefined {
  let inner = node;
  while (inner && (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isParenthesizedExpression(inner))) inner = inner.expression;
  if (!inner) return undefined;
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
  if (ts.isTemplateExpression(inner)) return inner.getText();
  return undefined;
}

function property(node: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of node.properties)
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) return p.initializer;
  return undefined;
}

/** Each place in one file where a finding's code or severity is written outside the table. */
function handWrittenFindings(file: string, text: string): string[] {
  // Most files build no finding: only those that could are parsed.
  if (!/severity|'finding'|findingOf/.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const isFinding = property(node, 'severity') !== undefined || writtenText(property(node, 'kind')) === 'finding';
      const code = writtenText(property(node, 'code'));
      // A severity chosen in place (`'error'`, `isBad ? 'error' : 'warning'`), not one copied from a finding read back.
      const severity = /'(error|warning|info)'/.exec(property(node, 'severity')?.getText(source) ?? '')?.[1];
      if (isFinding && code !== undefined)
        found.push(`${at(node)}: finding code '${code}' written here; build it with findingOf('${code}', message) from ${TABLE}`);
      else if (isFinding && severity !== undefined)
        found.push(`${at(node)}: severity '${severity}' written here; a finding's severity is its code's, in ${TABLE}`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'findingOf') {
      const code = writtenText(node.arguments[0]);
      if (code !== undefined && !isFindingCode(code)) found.push(`${at(node)}: findingOf('${code}', …): not a code of ${TABLE}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('finding codes in the product sources', () => {
  const files = ['server', 'app', 'kit', 'walkthrough'].flatMap((dir) => sourceFiles(ROOT, dir)).filter((file) => file !== TABLE);
  const texts = new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

  it(`are written only in ${TABLE}`, () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.flatMap((file) => handWrittenFindings(file, texts.get(file)!))).toEqual([]);
  });

  it('are each raised by a check: the table (and so the docs) lists no code that nothing raises', () => {
    const named = [...texts.values()].join('\n');
    expect(Object.keys(FINDING_CODES).filter((code) => !named.includes(`'${code}'`))).toEqual([]);
  });

  it('names each way a finding can be written by hand, with its line', () => {
    const text = [
      "const a = { code: 'schema-ref', severity: 'error', message: 'm' };",
      "emit({ kind: 'finding', code: `${feature}-deprecated`, severity, message });",
      "const c = { severity: 'warning' as const, code, message };",
      "const c2 = { code: problem.code, severity: problem.level === 'refuse' ? 'error' : 'warning', message };",
      "const d = findingOf('schema-is-odd', 'm');",
      // Not writing one: a finding read back and copied, a table code through findingOf, an error's code.
      'const e = { code: event.code, severity: event.severity, message: event.message };',
      "const f = { kind: 'finding', ...findingOf('schema-ref', 'm'), key };",
      "const g = { code: 'internal', message: 'm' };",
    ].join('\n');
    expect(handWrittenFindings('x.ts', text)).toEqual([
      `x.ts:1: finding code 'schema-ref' written here; build it with findingOf('schema-ref', message) from ${TABLE}`,
      `x.ts:2: finding code '\`\${feature}-deprecated\`' written here; build it with findingOf('\`\${feature}-deprecated\`', message) from ${TABLE}`,
      `x.ts:3: severity 'warning' written here; a finding's severity is its code's, in ${TABLE}`,
      `x.ts:4: severity 'error' written here; a finding's severity is its code's, in ${TABLE}`,
      `x.ts:5: findingOf('schema-is-odd', …): not a code of ${TABLE}`,
    ]);
  });
});
