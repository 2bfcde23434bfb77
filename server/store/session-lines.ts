/**
 * A session file's lines as a reader of the whole file takes them, and the one rule for its last line
 * when that is not JSON. Whether that line ended is decided from the bytes the reader took, never from
 * the file looked at again: its writer may have finished the line since.
 */
import { createInterface } from 'node:readline';
import { Transform, type Readable } from 'node:stream';
import { tornLine, type SessionFileError } from './session-file';

const NEWLINE = 0x0a;

export type SessionLines = {
  lines: AsyncIterable<string>;
  /**
   * What a last line that is not JSON means (`bad`: its number and the parser's error). In a file still
   * being written it is the entry being written, not there yet: forgiven (undefined), the view ends before
   * it. Read after the fact, it is damaged when a newline ended it in the bytes read, else cut short.
   */
  badLastLine(bad: { line: number; error: SessionFileError }, isBeingWritten: boolean): SessionFileError | undefined;
};

/** `input`'s lines; `limit`: the most bytes to read, past which reading fails with its error. */
export function sessionLines(input: Readable, limit?: { bytes: number; error: () => Error }): SessionLines {
  let bytes = 0;
  let lastByte: number | undefined;
  const counted = input.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (chunk.length) lastByte = chunk[chunk.length - 1];
        done(limit && bytes > limit.bytes ? limit.error() : null, chunk);
      },
    }),
  );
  // pipe() does not pass on the source's error: the lines end with it (a file that cannot be read, an upload cut off).
  input.on('error', (error) => counted.destroy(error));
  return {
    lines: createInterface({ input: counted, crlfDelay: Infinity }),
    badLastLine: (bad, isBeingWritten) => (isBeingWritten ? undefined : lastByte === NEWLINE ? bad.error : tornLine(bad.line)),
  };
}
