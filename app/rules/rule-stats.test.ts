import { describe, expect, it } from 'vitest';
import type { LogEvent } from '@wire/events';
import { ruleAnswerStats } from './rule-stats';

const at = { at: 1, sessionId: 's' };
const events: LogEvent[] = [
  { ...at, seq: 1, kind: 'action', actor: 'rule', action: 'decline', key: 'e1', rule: { index: 1, id: 'r1', source: 'rules' } },
  { ...at, seq: 2, kind: 'action', actor: 'user', action: 'accept', key: 'e2' },
  { ...at, seq: 3, kind: 'action', actor: 'rule', action: 'accept', key: 'e3', rule: { index: 2, id: 'r1', source: 'rules' } },
  { ...at, seq: 4, kind: 'action', actor: 'rule', action: 'mark-done', key: 'e3', rule: { index: 2, id: 'r1', source: 'rules' } },
  { ...at, seq: 5, kind: 'action', actor: 'rule', action: 'cancel', key: 'e4', rule: { index: 3, source: 'rules' } },
  { ...at, seq: 6, kind: 'action', actor: 'rule', action: 'cancel', key: 'e5', rule: { index: 1, id: 'r1', source: 'scenario' } },
];

describe('ruleAnswerStats', () => {
  it('counts answers per rule by id (so moving a rule keeps its count), else by place; person and scenario answers are not counted', () => {
    expect(ruleAnswerStats(events)).toEqual(
      new Map([
        ['id:r1', { count: 2, lastSeq: 3 }],
        ['at:3', { count: 1, lastSeq: 5 }],
      ]),
    );
  });
});
