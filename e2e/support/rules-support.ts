/**
 * What the response-rule tests share: call a tool and gather what the log says
 * about it (the elicitations, which rule took them, the actions and how they ended).
 */
import { resultText } from './inspector-client';
import type { InspectorSuite } from './inspector-suite';
import type { EventOf } from '../../server/wire/events';
import type { CommandParams } from '../../server/wire/wire-client';

export type CallStory = {
  callId: string;
  end: EventOf<'call-end'>;
  text: string;
  elicitations: EventOf<'elicitation'>[];
  matches: EventOf<'rule-match'>[];
  actions: EventOf<'action'>[];
  ends: EventOf<'elicitation-end'>[];
};

export function storyOf(suite: InspectorSuite, callId: string, end: EventOf<'call-end'>): CallStory {
  const elicitations = suite.client.of('elicitation').filter((e) => e.callId === callId);
  const keys = new Set(elicitations.map((e) => e.key));
  return {
    callId,
    end,
    text: resultText(end),
    elicitations,
    matches: suite.client.of('rule-match').filter((e) => keys.has(e.key)),
    actions: suite.client.of('action').filter((e) => e.key !== undefined && keys.has(e.key)),
    ends: suite.client.of('elicitation-end').filter((e) => keys.has(e.key)),
  };
}

/** Call a tool that rules answer, and wait for its end. */
export async function callAnswered(suite: InspectorSuite, sessionId: string, tool: string, args: Record<string, unknown> = {}): Promise<CallStory> {
  const { callId, end } = await suite.client.call(sessionId, tool, args);
  return storyOf(suite, callId, await end);
}

/** Replace a session's rules, as the page does. */
export async function setRules(suite: InspectorSuite, sessionId: string, rules: CommandParams<'set-rules'>['rules']): Promise<void> {
  await suite.client.send('set-rules', { sessionId, rules });
}
