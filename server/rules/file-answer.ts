/**
 * SEP-2356: a rule or a scenario step answers a file input (an `x-mcp-file`
 * field) with `{ "file": "<path>" }`: the file is read from disk, relative to
 * the inspector's working directory, and sent as a data: URI, as the page's
 * picker sends one. The broker then checks `accept` and `maxSize` as for a person.
 */
import { readFileSync, statSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { fileInputOf } from '../wire/proposals';

/** Most bytes read for one file answer: far above any inline file, well below what could stall the proxy. */
export const MAX_FILE_ANSWER_BYTES = 32 * 1024 * 1024;

const MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
};

/**
 * The content with each `{ file }` answer to a file input read into a data: URI, or why a file could
 * not be sent. With the File inputs setting off (`fileInputs` false) no file is read: a `{ file }`
 * answer is refused, naming the setting, rather than sent as an object or a path the server would
 * take for the file.
 */
export function readFileAnswers(
  schema: unknown,
  content: Record<string, unknown>,
  { fileInputs }: { fileInputs: boolean },
): { content: Record<string, unknown> } | { problem: string } {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const out: Record<string, unknown> = { ...content };
  for (const [name, value] of Object.entries(content)) {
    if (!isRecord(value) || typeof value.file !== 'string') continue;
    if (!fileInputs)
      return {
        problem: `${name} is answered with the file ${value.file}, but File inputs (SEP-2356) is off for this connection, so no file is read or sent. Switch on File inputs (Client settings → Proposals; proposals.fileInputs in a scenario's client), or answer with a string`,
      };
    if (!fileInputOf(properties[name])) continue;
    const path = resolve(value.file);
    try {
      const { size } = statSync(path);
      if (size > MAX_FILE_ANSWER_BYTES)
        return { problem: `${name}: ${value.file} is ${size} bytes, more than the ${MAX_FILE_ANSWER_BYTES} a file answer may be. Answer with a smaller file` };
      const type = MEDIA_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
      out[name] = `data:${type};base64,${readFileSync(path).toString('base64')}`;
    } catch (error) {
      return { problem: `${name}: cannot read ${value.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Fix the path` };
    }
  }
  return { content: out };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
