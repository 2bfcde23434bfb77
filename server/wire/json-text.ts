/**
 * The one reader of the JSON files a person hands the inspector (scenarios and their audit
 * cases, rules files, server configs): the value, or where the text goes wrong as a line and
 * a column with a short reason ("trailing comma", "unexpected end of file"). JSON.parse reads
 * every file first, as fast as it can; only a file it refuses is read again by the parser
 * below, which knows where it stopped: JSON.parse's own messages name no position on some
 * Node versions (Node 20: `Unexpected token ']', ..."ket" }, ] } " is not valid JSON`).
 * A config file may have comments and trailing commas (VS Code's JSONC): then the parser
 * below reads it whole. No Node or DOM globals: the page reads with it too.
 */

/** Where a JSON text goes wrong: 1-based line and column (in UTF-16 code units, as editors count), and why. */
export type JsonTextProblem = { line: number; column: number; reason: string };

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; problem: JsonTextProblem };

export type JsonTextOptions = {
  /** JSONC, as VS Code reads settings and mcp.json: `//` and block comments, a comma before `]` or `}`. */
  isJsonc?: boolean;
};

/** Deeper than any hand-written file: a file nested deeper is refused here, not by a stack overflow. */
export const MAX_JSON_DEPTH = 1000;

export function parseJsonText(text: string, options: JsonTextOptions = {}): JsonTextResult {
  // A BOM is no part of the JSON; editors on Windows write one.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const offset = body.length === text.length ? 0 : 1;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    // Refused (or JSONC): read again below, which says where and why.
  }
  const reader = new Reader(body, options.isJsonc === true);
  try {
    return { ok: true, value: reader.document() };
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { ok: false, problem: { ...lineAndColumn(text, error.at + offset), reason: error.reason } };
  }
}

/** A JSON text's problem as one phrase: `line 3, column 5: trailing comma`. */
export function describeJsonProblem(problem: JsonTextProblem): string {
  return `line ${problem.line}, column ${problem.column}: ${problem.reason}`;
}

class Stop extends Error {
  constructor(
    readonly at: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const WORD = /[A-Za-z_$][\w$.-]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- the control characters are what a string may not hold
const PLAIN = /[^"\\\u0000-\u001f]*/y;

class Reader {
  private at = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly isJsonc: boolean,
  ) {}

  document(): unknown {
    this.space();
    if (this.at >= this.text.length) throw new Stop(this.at, 'the file is empty');
    const value = this.value();
    this.space();
    if (this.at < this.text.length) throw new Stop(this.at, `unexpected ${this.describe()} after the end of the value`);
    return value;
  }

  private value(): unknown {
    const ch = this.text[this.at];
    switch (ch) {
      case undefined:
        throw new Stop(this.at, 'unexpected end of file');
      case '{':
        return this.object();
      case '[':
        return this.array();
      case '"':
        return this.string();
      case 't':
        return this.word('true', true);
      case 'f':
        return this.word('false', false);
      case 'n':
        return this.word('null', null);
      case "'":
        throw new Stop(this.at, 'strings take double quotes, not single');
      default:
        if (ch === '-' || (ch >= '0' && ch <= '9')) return this.number();
        throw new Stop(this.at, this.wordHere() ?? `unexpected ${this.describe()}`);
    }
  }

  private object(): Record<string, unknown> {
    const start = this.at;
    this.enter();
    const out: Record<string, unknown> = {};
    this.at++;
    this.space();
    if (this.text[this.at] === '}') return this.leave(out);
    for (;;) {
      if (this.at >= this.text.length) throw new Stop(this.at, `unexpected end of file: the object opened at ${this.place(start)} is not closed`);
      if (this.text[this.at] !== '"') {
        throw new Stop(
          this.at,
          this.text[this.at] === "'" ? 'property names take double quotes, not single' : `expected a property name in double quotes, found ${this.describe()}`,
        );
      }
      const key = this.string();
      this.space();
      if (this.text[this.at] !== ':') throw new Stop(this.at, `expected ':' after the property name, found ${this.describe()}`);
      this.at++;
      this.space();
      const value = this.value();
      // An own property named __proto__, as JSON.parse makes it: never the object's prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
      this.space();
      const next = this.text[this.at];
      if (next === '}') return this.leave(out);
      if (next === undefined) throw new Stop(this.at, `unexpected end of file: the object opened at ${this.place(start)} is not closed`);
      if (next !== ',') throw new Stop(this.at, `expected ',' or '}' after a property, found ${this.describe()}`);
      const comma = this.at;
      this.at++;
      this.space();
      if (this.text[this.at] === '}') {
        if (this.isJsonc) return this.leave(out);
        throw new Stop(comma, 'trailing comma: nothing follows it in the object');
      }
    }
  }

  private array(): unknown[] {
    const start = this.at;
    this.enter();
    const out: unknown[] = [];
    this.at++;
    this.space();
    if (this.text[this.at] === ']') return this.leave(out);
    for (;;) {
      if (this.at >= this.text.length) throw new Stop(this.at, `unexpected end of file: the array opened at ${this.place(start)} is not closed`);
      if (this.text[this.at] === ',') throw new Stop(this.at, 'a comma with no value before it');
      out.push(this.value());
      this.space();
      const next = this.text[this.at];
      if (next === ']') return this.leave(out);
      if (next === undefined) throw new Stop(this.at, `unexpected end of file: the array opened at ${this.place(start)} is not closed`);
      if (next !== ',') throw new Stop(this.at, `expected ',' or ']' after a value, found ${this.describe()}`);
      const comma = this.at;
      this.at++;
      this.space();
      if (this.text[this.at] === ']') {
        if (this.isJsonc) return this.leave(out);
        throw new Stop(comma, 'trailing comma: nothing follows it in the array');
      }
    }
  }

  private string(): string {
    const start = this.at;
    this.at++;
    let out = '';
    let from = this.at;
    for (;;) {
      // The plain run at once: a big file's strings are mostly that.
      PLAIN.lastIndex = this.at;
      PLAIN.test(this.text);
      this.at = PLAIN.lastIndex;
      const code = this.text.charCodeAt(this.at);
      if (Number.isNaN(code)) throw new Stop(start, 'unexpected end of file: this string is not closed');
      if (code === 0x22) break;
      if (code < 0x20) {
        throw new Stop(
          this.at,
          code === 0x0a ? 'this string is not closed before the end of the line' : 'a control character in a string (write it as an escape)',
        );
      }
      // PLAIN stops only at the end, a quote, a control character or a backslash: this is a backslash.
      out += this.text.slice(from, this.at);
      const escape = this.text[this.at + 1];
      if (escape === 'u') {
        const hex = this.text.slice(this.at + 2, this.at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Stop(this.at, 'a \\u escape needs four hex digits');
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.at += 6;
      } else if (escape !== undefined && Object.hasOwn(ESCAPES, escape)) {
        out += ESCAPES[escape];
        this.at += 2;
      } else throw new Stop(this.at, escape === undefined ? 'unexpected end of file: this string is not closed' : `unknown escape \\${escape}`);
      from = this.at;
    }
    out += this.text.slice(from, this.at);
    this.at++;
    return out;
  }

  private number(): number {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    const after = match ? this.at + match[0].length : this.at;
    const next = this.text[after];
    if (!match || match[0] === '-' || (next !== undefined && /[0-9.eE+-]/.test(next))) {
      throw new Stop(this.at, 'not a number JSON can write (no leading zeros, a digit on each side of the point)');
    }
    this.at = after;
    return Number(match[0]);
  }

  private word<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.at) || /[\w$]/.test(this.text[this.at + word.length] ?? '')) {
      throw new Stop(this.at, this.wordHere() ?? `unexpected ${this.describe()}`);
    }
    this.at += word.length;
    return value;
  }

  /** A bare word where a value goes (`node`, `True`, `undefined`): the reason says what JSON takes instead. */
  private wordHere(): string | undefined {
    WORD.lastIndex = this.at;
    const word = WORD.exec(this.text)?.[0];
    if (!word) return undefined;
    const shown = word.length > 40 ? `${word.slice(0, 40)}…` : word;
    return `unexpected word '${shown}': a string takes double quotes, and the only bare words are true, false and null`;
  }

  private space(): void {
    for (;;) {
      const code = this.text.charCodeAt(this.at);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) this.at++;
      else if (code === 0x2f && (this.text[this.at + 1] === '/' || this.text[this.at + 1] === '*')) this.comment();
      else return;
    }
  }

  private comment(): void {
    if (!this.isJsonc) throw new Stop(this.at, 'a comment: JSON has none');
    if (this.text[this.at + 1] === '/') {
      const end = this.text.indexOf('\n', this.at);
      this.at = end === -1 ? this.text.length : end;
      return;
    }
    const end = this.text.indexOf('*/', this.at + 2);
    if (end === -1) throw new Stop(this.at, 'unexpected end of file: this comment is not closed');
    this.at = end + 2;
  }

  private enter(): void {
    if (++this.depth > MAX_JSON_DEPTH) throw new Stop(this.at, `nested more than ${MAX_JSON_DEPTH} deep`);
  }

  private leave<T>(value: T): T {
    this.depth--;
    this.at++;
    return value;
  }

  /** The character at the reader, as a reason names it. */
  private describe(): string {
    const ch = this.text[this.at];
    if (ch === undefined) return 'end of file';
    const code = ch.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? `character U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${this.text.slice(this.at, this.at + 1)}'`;
  }

  private place(at: number): string {
    const { line, column } = lineAndColumn(this.text, at);
    return `line ${line}, column ${column}`;
  }
}

function lineAndColumn(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: at - lineStart + 1 };
}
