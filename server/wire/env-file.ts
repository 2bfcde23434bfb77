/**
 * A `.env` file as the `envFile` of VS Code's and Cursor's config reads it: `KEY=VALUE` lines,
 * `#` comments, an optional `export `, single quotes taken as they are, double quotes with
 * `\n`, `\"` and `\\` escapes. Pure: the caller reads the file.
 */
export type EnvFile = { env: Record<string, string>; badLines: number[] };

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/;

export function parseEnvFile(text: string): EnvFile {
  const env: Record<string, string> = {};
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim() || line.trim().startsWith('#')) return;
    const match = LINE.exec(line);
    if (!match?.[1]) return void badLines.push(i + 1);
    env[match[1]] = value(match[2] ?? '');
  });
  return { env, badLines };
}

function value(raw: string): string {
  const text = raw.trim();
  const quote = text[0];
  if ((quote === '"' || quote === "'") && text.length > 1) {
    let end = 1;
    while (end < text.length && text[end] !== quote) end += quote === '"' && text[end] === '\\' ? 2 : 1;
    if (end < text.length) {
      const inner = text.slice(1, end);
      return quote === "'" ? inner : inner.replace(/\\([n"\\])/g, (_, ch: string) => (ch === 'n' ? '\n' : ch));
    }
  }
  // An unquoted value ends at a comment that follows a space.
  return text.replace(/\s+#.*$/, '');
}
