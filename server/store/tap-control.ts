/**
 * The way back from the inspector to a stdio tap, for Hold and answer here: the tap records into
 * `tap-<id>.jsonl` in the data folder, and the inspector following it writes what the person asks
 * into `tap-<id>.control` beside it, one JSON object a line, which the tap reads as it grows.
 * Both files are the data folder's: readable and writable by its owner only (the folder is 0700,
 * the files 0600), so whoever may write them may read every session there too. The tap reads
 * only a file of its own user that nobody else may write.
 */
import { appendFileSync, closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';

/** `hold`: the switch, with the inspector's process (the tap lets held requests go when it is gone); `answer`: a held request's answer. */
export type TapControl =
  { type: 'hold'; isOn: boolean; pid: number } | { type: 'answer'; key: string; action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> };

export function tapControlPath(dataDir: string, sessionId: string): string {
  return join(dataDir, `${sessionId}.control`);
}

/** Append one control line (the inspector's side). */
export function writeTapControl(dataDir: string, sessionId: string, control: TapControl): void {
  appendFileSync(tapControlPath(dataDir, sessionId), JSON.stringify(control) + '\n', { mode: 0o600 });
}

/** A control line as the tap reads it: what it asks, or why it is refused. */
export function parseTapControl(line: string): TapControl | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { error: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'not an object' };
  const control = value as Record<string, unknown>;
  if (control.type === 'hold' && typeof control.isOn === 'boolean' && Number.isInteger(control.pid)) {
    return { type: 'hold', isOn: control.isOn, pid: control.pid as number };
  }
  if (control.type === 'answer' && typeof control.key === 'string' && ['accept', 'decline', 'cancel'].includes(control.action as string)) {
    const content = control.content;
    if (content !== undefined && (typeof content !== 'object' || content === null || Array.isArray(content))) return { error: 'content is not an object' };
    return {
      type: 'answer',
      key: control.key,
      action: control.action as 'accept' | 'decline' | 'cancel',
      ...(content !== undefined && { content: content as Record<string, unknown> }),
    };
  }
  return { error: 'neither a hold nor an answer' };
}

/** The tap's side: the lines appended to the control file since the last read. */
export class TapControlReader {
  private offset = 0;
  /** The start of a line not yet ended, as bytes (a character may be cut between two reads). */
  private rest: Buffer = Buffer.alloc(0);

  constructor(readonly filePath: string) {}

  /** The complete lines written since the last call; a file another user could write is not read. */
  read(): string[] {
    let fd: number | undefined;
    try {
      fd = openSync(this.filePath, 'r');
      const stat = fstatSync(fd);
      const uid = process.getuid?.();
      if ((uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return [];
      const length = Math.min(stat.size - this.offset, 1 << 20);
      if (length <= 0) return [];
      const buffer = Buffer.alloc(length);
      const read = readSync(fd, buffer, 0, length, this.offset);
      this.offset += read;
      const data = Buffer.concat([this.rest, buffer.subarray(0, read)]);
      const end = data.lastIndexOf(0x0a);
      this.rest = Buffer.from(data.subarray(end + 1));
      if (end === -1) return [];
      return data
        .toString('utf8', 0, end)
        .split('\n')
        .filter((line) => line.trim() !== '');
    } catch {
      // No file yet: nobody has asked anything.
      return [];
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}
