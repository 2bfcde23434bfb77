/** A session file's entries as the tests read them: every line after the header, parsed, nothing checked. */
import { readFileSync } from 'node:fs';
import type { LogEvent } from '../../server/wire/events';

export function readSessionLines(file: string): LogEvent[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as LogEvent);
}
