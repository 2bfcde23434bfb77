import { RootSchema, type Root } from '@wire/target';

/** The roots as the editor shows them: one a line, the URI then an optional name. */
export function rootsToText(roots: Root[]): string {
  return roots.map((root) => (root.name ? `${root.uri} ${root.name}` : root.uri)).join('\n');
}

/**
 * Read the editor's text: one root a line, `file:///path optional name`. A bare
 * absolute path is taken as the folder it names (spaces and all are encoded),
 * since that is what people paste. Blank lines are skipped.
 */
export function rootsFromText(text: string): { roots: Root[] } | { error: string } {
  const roots: Root[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const root = line.startsWith('/') ? { uri: pathToUri(line) } : splitLine(line);
    const parsed = RootSchema.safeParse(root);
    if (!parsed.success) return { error: `Line ${index + 1}: ${parsed.error.issues[0]?.message ?? 'not a root'} (file:///path, then a name if you like).` };
    roots.push(parsed.data);
  }
  return { roots };
}

function splitLine(line: string): Root {
  const space = line.search(/\s/);
  if (space < 0) return { uri: line };
  const name = line.slice(space).trim();
  return { uri: line.slice(0, space), ...(name && { name }) };
}

function pathToUri(path: string): string {
  return `file://${path.split('/').map(encodeURIComponent).join('/')}`;
}
