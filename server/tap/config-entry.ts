/**
 * Where a value sits in a JSON (or JSONC: comments, trailing commas) config file's text, so the
 * tap can change one server's `command`, `args` or `url` and leave every other character of the
 * file as it was: other servers, comments, key order, indentation, line ends.
 */

export type Span = { start: number; end: number };
export type Member = { key: string; keySpan: Span; value: Span };

/** The members of the object whose value span is `object` (its braces included). */
export function membersOf(text: string, object: Span): Member[] {
  const members: Member[] = [];
  let i = skip(text, object.start + 1);
  while (i < object.end && text[i] !== '}') {
    if (text[i] !== '"') throw new Error(`expected a key at ${i}`);
    const keyStart = i;
    const keyEnd = stringEnd(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skip(text, keyEnd);
    if (text[i] !== ':') throw new Error(`expected ":" at ${i}`);
    const start = skip(text, i + 1);
    const end = valueEnd(text, start);
    members.push({ key, keySpan: { start: keyStart, end: keyEnd }, value: { start, end } });
    i = skip(text, end);
    if (text[i] === ',') i = skip(text, i + 1);
  }
  return members;
}

/** The root value's span. */
export function rootOf(text: string): Span {
  const start = skip(text, 0);
  return { start, end: valueEnd(text, start) };
}

/** The value at `path` (object keys, from the root), or undefined when one is missing or not an object. */
export function spanAt(text: string, path: string[]): Span | undefined {
  let span: Span | undefined = rootOf(text);
  for (const key of path) {
    if (!span || text[span.start] !== '{') return undefined;
    span = membersOf(text, span).find((member) => member.key === key)?.value;
  }
  return span;
}

/** The text with each span replaced, spans not overlapping. */
export function replaceSpans(text: string, edits: { span: Span; text: string }[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, edit.span.start) + edit.text + out.slice(edit.span.end);
  return out;
}

/**
 * A list of strings as JSON laid out like the value it replaces: on one line when that was (as
 * people write `"args": ["server.js"]`), else one item a line in the file's indent unit.
 */
export function formatLike(text: string, value: string[], replaced: Span | undefined, at: number): string {
  const wasOneLine = !replaced || !text.slice(replaced.start, replaced.end).includes('\n');
  if (wasOneLine) return `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
  const unit = /\n\t+\S/.test(text) ? '\t' : ' '.repeat(smallestIndent(text));
  return JSON.stringify(value, null, unit).replace(/\n/g, `\n${indentAt(text, at)}`);
}

/** The indentation of the line `at` is on. */
export function indentAt(text: string, at: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** The line end the file uses. */
export function lineEndOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function smallestIndent(text: string): number {
  let smallest = Infinity;
  for (const match of text.matchAll(/\n( +)\S/g)) smallest = Math.min(smallest, match[1].length);
  return Number.isFinite(smallest) ? smallest : 2;
}

/** The first character after whitespace and comments from `i`. */
function skip(text: string, i: number): number {
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else return i;
  }
}

function stringEnd(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** Where the value starting at `i` ends (just after it). */
function valueEnd(text: string, i: number): number {
  const ch = text[i];
  if (ch === '"') return stringEnd(text, i);
  if (ch === '{' || ch === '[') {
    const close = ch === '{' ? '}' : ']';
    let j = skip(text, i + 1);
    while (j < text.length && text[j] !== close) {
      if (ch === '{') {
        j = skip(text, stringEnd(text, j));
        j = skip(text, j + 1); // past ':'
      }
      j = skip(text, valueEnd(text, j));
      if (text[j] === ',') j = skip(text, j + 1);
    }
    return j + 1;
  }
  let j = i;
  while (j < text.length && /[^\s,}\]/]/.test(text[j])) j++;
  return j;
}
