/**
 * SEP-2356: a scenario step's `sentFiles` expectation, checked against the content its answer sent:
 * each named field must hold a data: URI whose media type and decoded size are the ones expected.
 */
import { isAccepted, readDataUri } from '../wire/proposals';
import type { SentFileExpect, StepReport } from '../wire/scenario';

type StepFailure = StepReport['failures'][number];

export function checkSentFiles(position: number, expected: Record<string, SentFileExpect>, sent: Record<string, unknown> | undefined): StepFailure[] {
  const failures: StepFailure[] = [];
  for (const [field, want] of Object.entries(expected)) {
    const expectation = `elicitation ${position} sentFiles.${field}`;
    const value = sent?.[field];
    if (value === undefined) {
      failures.push({ expectation, expected: 'a file sent', actual: sent ? 'the answer sent no such field' : 'the answer sent no content' });
      continue;
    }
    const read = typeof value === 'string' ? readDataUri(value) : { problem: `is ${typeof value === 'object' ? 'an object' : typeof value}, not a data: URI` };
    if ('problem' in read) {
      failures.push({ expectation, expected: 'a file sent as a data: URI', actual: `the value ${read.problem}` });
      continue;
    }
    if (want.mediaType !== undefined && !isAccepted([want.mediaType], read.mediaType))
      failures.push({ expectation: `${expectation}.mediaType`, expected: want.mediaType, actual: read.mediaType });
    if (want.size !== undefined && read.size !== want.size)
      failures.push({ expectation: `${expectation}.size`, expected: `${want.size} bytes`, actual: `${read.size} bytes` });
  }
  return failures;
}
