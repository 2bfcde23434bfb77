/**
 * The way back from the inspector to a stdio tap, for Hold and answer here: the tap records into
 * `tap-<id>.jsonl` in the data folder, and the inspector following it writes what the person asks
 * into `tap-<id>.control` beside it, one JSON object a line, which the tap reads as it grows.
 * Both files are the data folder's: readable and writable by its owner only (the folder is 0700,
 * the files 0600), so whoever may write them may read every session there too. The tap reads
 * only a file of its own user that nobody else may write.
 */
import { appendFileSync, closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { z } from 'zod';
import { tapControlPath } from './data-dir';
import { FindingSeveritySchema } from '../wire/events';
import { RuleRefSchema, type RuleRef } from '../wire/rules';

/** What the inspector's response rules say in a tapped session's record: a rule taking a held request, a rule's finding, their failure. */
const InspectorEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('rule-match'),
    key: z.string(),
    callId: z.string().optional(),
    rule: RuleRefSchema,
    action: z.enum(['accept', 'decline', 'cancel', 'none']),
    delayMs: z.number().optional(),
  }),
  z.object({
    kind: z.literal('finding'),
    code: z.string().regex(/^rule-/),
    severity: FindingSeveritySchema,
    message: z.string().max(4000),
    key: z.string().optional(),
    callId: z.string().optional(),
  }),
  /** The rules could not be applied at all: the request waits for a person, and the record says why. */
  z.object({ kind: z.literal('proxy-error'), error: z.object({ code: z.literal('internal'), message: z.string().max(4000) }) }),
]);
export type InspectorEntry = z.infer<typeof InspectorEntrySchema>;

/**
 * `hold`: the switch, with the inspector's process (the tap lets held requests go when it is gone);
 * `answer`: a held request's answer, by the person or (`rule`) one of the inspector's response rules;
 * `entry`: what those rules say in the record besides their answers.
 */
export type TapControl =
  | { type: 'hold'; isOn: boolean; pid: number }
  | {
      type: 'answer';
      key: string;
      action: 'accept' | 'decline' | 'cancel';
      content?: Record<string, unknown>;
      rule?: RuleRef;
      skippedValidation?: boolean;
    }
  | { type: 'entry'; event: InspectorEntry };

export { tapControlPath };

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
    const rule = control.rule === undefined ? undefined : RuleRefSchema.safeParse(control.rule);
    if (rule && !rule.success) return { error: 'rule is not a rule reference' };
    return {
      type: 'answer',
      key: control.key,
      action: control.action as 'accept' | 'decline' | 'cancel',
      ...(content !== undefined && { content: content as Record<string, unknown> }),
      ...(rule && { rule: rule.data }),
      ...(control.skippedValidation === true && { skippedValidation: true }),
    };
  }
  if (control.type === 'entry') {
    const entry = InspectorEntrySchema.safeParse(control.event);
    return entry.success ? { type: 'entry', event: entry.data } : { error: 'entry is not a rule-match, a rule finding or a rules failure' };
  }
  return { error: 'neither a hold, an answer nor an entry' };
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
