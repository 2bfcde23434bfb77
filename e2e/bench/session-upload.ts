/**
 * A synthetic recorded session written to a file and imported into a running
 * inspector, as a person's upload would be: shared by the big-session specs and
 * the benchmark.
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { syntheticLines } from './synthetic-session';

/** Write `count` entries to `file`, a line at a time (1M entries are some 500 MB). */
export async function writeSessionFile(file: string, count: number, sessionId: string): Promise<string> {
  const out = createWriteStream(file);
  for (const line of syntheticLines(count, sessionId)) if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return file;
}

/** Import a session file through the inspector's API; the new session's id. */
export async function importSessionFile(inspector: { host: string; token: string }, file: string): Promise<string> {
  const response = await fetch(`http://${inspector.host}/api/sessions/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${inspector.token}`, 'Content-Length': String(statSync(file).size) },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (!response.ok) throw new Error(`import refused: ${response.status} ${await response.text()}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('sessionId' in body) || typeof body.sessionId !== 'string')
    throw new Error('import answered no session id');
  return body.sessionId;
}
