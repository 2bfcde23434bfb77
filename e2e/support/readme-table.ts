/**
 * The locator table of docs/playwright.md ("Locators"), read as data: each row's
 * locators (with every `'a' \| 'b'` alternative spelled out) and its documented values.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type ReadmeRow = {
  what: string;
  /** Code spans that are locators, each as its list of alternatives (`'A' \| 'B'` → two). */
  locators: { span: string; variants: string[] }[];
  /** Code spans that are values a locator shows (a status text). */
  values: string[];
};

/** Where the table lives: the Playwright page of the docs. */
export const LOCATOR_TABLE_PATH = fileURLToPath(new URL('../../docs/playwright.md', import.meta.url));

export function readPlaywrightTable(path: string = LOCATOR_TABLE_PATH): ReadmeRow[] {
  const text = readFileSync(path, 'utf8');
  const section = text.slice(text.indexOf('## Locators'));
  const lines = section.slice(section.indexOf('| what | locator |')).split('\n');
  const rows: ReadmeRow[] = [];
  for (const line of lines.slice(2)) {
    if (!line.startsWith('|')) break;
    // Cells split on a bare |; inside code spans the README escapes it as \|.
    const [, what, locator] = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const spans = [...locator.matchAll(/`([^`]+)`/g)].map((m) => m[1].replaceAll('\\|', '|'));
    rows.push({
      what,
      locators: spans.filter(isLocator).map((span) => ({ span, variants: expand(span) })),
      values: spans.filter((span) => !isLocator(span)),
    });
  }
  return rows;
}

const isLocator = (span: string) => /^(….)?getBy/.test(span);

/** `getByLabel('A' | 'B', …)` → [`getByLabel('A', …)`, `getByLabel('B', …)`]. */
function expand(span: string): string[] {
  const alternation = /'[^']*'(?:\s*\|\s*'[^']*')+/.exec(span);
  if (!alternation) return [span];
  const before = span.slice(0, alternation.index);
  const after = span.slice(alternation.index + alternation[0].length);
  return alternation[0].split(/\s*\|\s*/).flatMap((choice) => expand(before + choice + after));
}
