/**
 * `demo --target FILE`: a scenario's steps played in the page, at a person's
 * pace, each captioned and screenshotted; its elicitations answered the way the
 * step lists them (an unlisted one by the scenario's rules). When a call ends,
 * its outcome is checked with the same checks `run` uses, against the
 * inspector's own log of the session.
 */
import type { Page } from 'playwright-core';
import type { EventOf, LogEvent } from '../server/wire/events';
import type { RuleAnswer, RuleMatch } from '../server/wire/rules';
import type { Scenario, ScenarioStep } from '../server/wire/scenario';
import { describeAnswer, describeStep, skipReason, verdictCaption, type DemoStepVerdict } from './demo-scenario-plan';
import { ofKind, type DemoSessionFeed } from './demo-session-feed';
import { playAnswer, prepareTool, toolRegion, UI_TIMEOUT_MS } from './demo-page-play';
import { matchMisses, ruleTakes } from '../server/rules/match-misses';
import { checkOutcome, type StepFailure } from '../server/scenarios/outcome-checks';
import { stepName } from '../server/scenarios/step-driver';
import type { WalkthroughPage } from './walkthrough-page';

/** After Cancel call, how long the call may take to end. */
const CANCEL_GRACE_MS = 5000;
const DEFAULT_REQUEST_TIMEOUT_MS = 10 * 60_000;

export async function scenarioWalkthrough(demo: WalkthroughPage, scenario: Scenario, feed: DemoSessionFeed, notes: string[]): Promise<DemoStepVerdict[]> {
  const title = scenario.name ?? 'The scenario';
  await demo.caption(`${title}: ${scenario.steps.length} step(s), played in the page as a person would.${notes.length ? ` ${notes.join(' ')}` : ''}`);
  await demo.shot('connected');
  const verdicts: DemoStepVerdict[] = [];
  for (const [i, step] of scenario.steps.entries()) {
    const index = i + 1;
    const name = stepName(step, index);
    await demo.caption(`Step ${index} of ${scenario.steps.length}: ${describeStep(step)}.`);
    const reason = skipReason(step);
    const verdict: DemoStepVerdict =
      reason || !('call' in step) ? { index, name, status: 'skipped', reason, failures: [] } : await playStep(demo, scenario, feed, step, index, name);
    verdicts.push(verdict);
    await demo.caption(verdictCaption(verdict));
    await demo.shot(`step ${index} ${verdict.status}`);
  }
  const failed = verdicts.filter((v) => v.status === 'failed').length;
  const skipped = verdicts.filter((v) => v.status === 'skipped').length;
  await demo.caption(
    `${failed ? `${failed} step(s) failed` : 'Every played step held its expectations'}${skipped ? `, ${skipped} skipped` : ''}: ` +
      verdicts.map((v) => `${v.index} ${v.status}`).join(', '),
  );
  await demo.shot('verdict');
  return verdicts;
}

type CallStep = Extract<ScenarioStep, { call: string }>;

async function playStep(
  demo: WalkthroughPage,
  scenario: Scenario,
  feed: DemoSessionFeed,
  step: CallStep,
  index: number,
  name: string,
): Promise<DemoStepVerdict> {
  const { page } = demo;
  const failures: StepFailure[] = [];
  const fail = (expectation: string, expected: string, actual: string): DemoStepVerdict => {
    failures.push({ expectation, expected, actual });
    return { index, name, status: 'failed', failures };
  };
  const tools = ofKind(feed.events(), 'tools').at(-1)?.tools ?? [];
  const inputSchema = tools.find((tool) => tool.name === step.call)?.inputSchema;
  const problem = await prepareTool(demo, step.call, inputSchema, step.arguments);
  if (problem) return fail('call', `tools/call ${step.call} to start`, problem);
  const startedBefore = ofKind(feed.events(), 'call-start').length;
  await demo.act(toolRegion(page).getByRole('button', { name: 'Run tool' }), `run ${step.call}`, (l) => l.click());
  const start = await feed.waitFor((events) => ofKind(events, 'call-start').slice(startedBefore)[0], UI_TIMEOUT_MS);
  if (!start) {
    const alerts = await toolRegion(page).getByRole('alert').allTextContents();
    return fail('call', `tools/call ${step.call} to start`, `the page did not start it${alerts.length ? `: ${alerts.join('; ').slice(0, 300)}` : ''}`);
  }
  const callId = start.callId;
  const budgetMs = step.timeoutMs ?? (scenario.client.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS) + CANCEL_GRACE_MS;
  const until = Date.now() + budgetMs;
  let handled = 0;
  let skipped: string | undefined;
  let end: EventOf<'call-end'> | undefined;
  for (;;) {
    const next = await feed.waitFor<EventOf<'elicitation'> | EventOf<'call-end'>>((events) => {
      const asked = ofKind(events, 'elicitation').filter((e) => e.callId === callId)[handled];
      return asked ?? ofKind(events, 'call-end').find((e) => e.callId === callId);
    }, until - Date.now());
    if (!next) {
      failures.push({ expectation: 'timeoutMs', expected: `the call to end within ${budgetMs} ms`, actual: 'it had not; it was cancelled' });
      end = await cancelCall(page, feed, callId);
      break;
    }
    if (next.kind === 'call-end') {
      end = next;
      break;
    }
    handled += 1;
    const chosen = chooseAnswer(step, scenario, next, handled, failures, serverNamesOf(feed.events()));
    let answer = chosen.answer;
    await demo.caption(chosen.caption);
    if (answer.action === 'none') {
      // A rule that never answers: a person cannot, but by leaving the page until the server gives up.
      skipped = `a rule of the scenario answers elicitation ${handled} "none" (never answer), which the page cannot do; it was cancelled`;
      await demo.caption(`The page has no "never answer": cancelling, and the step is skipped.`);
      answer = { action: 'cancel' };
    }
    const played = await playAnswer(demo, feed, next, answer);
    if (!played.isSent) failures.push({ expectation: `answer to elicitation ${handled}`, expected: describeAnswer(answer), actual: played.why });
    else if (played.note) await demo.caption(`Note: ${played.note}.`);
  }
  // The page shows the end too: the screenshot after the step has the result on it.
  await page
    .getByRole('list', { name: 'Calls' })
    .getByRole('listitem')
    .first()
    .getByRole('status', { name: 'Call status' })
    .filter({ hasNotText: /^Waiting/ })
    .waitFor({ timeout: UI_TIMEOUT_MS })
    .catch(() => undefined); // the verdict comes from the log; a slow page only makes a less telling screenshot
  if (end) {
    for (let listed = handled; listed < step.elicitations.length; listed++)
      failures.push({ expectation: `elicitation ${listed + 1}`, expected: 'an elicitation', actual: 'none came' });
    failures.push(...checkOutcome(step.expect, observe(feed.events(), start, end)));
  } else failures.push({ expectation: 'call-end', expected: 'the call to end', actual: `it did not end within ${CANCEL_GRACE_MS} ms of Cancel call` });
  if (skipped) return { index, name, status: 'skipped', reason: skipped, failures: [] };
  return { index, name, status: failures.length ? 'failed' : 'passed', failures };
}

/**
 * The listed answer for the n-th elicitation when it is the one the step expects;
 * an unlisted one goes to the scenario's rules; anything else is cancelled and fails the step, as in `run`.
 */
function chooseAnswer(
  step: CallStep,
  scenario: Scenario,
  elicitation: EventOf<'elicitation'>,
  nth: number,
  failures: StepFailure[],
  serverNames: string[],
): { answer: RuleAnswer; caption: string } {
  const subject = { elicitation, toolName: step.call, serverNames };
  const listed = step.elicitations[nth - 1];
  if (listed) {
    const misses = matchMisses({ ...listed.expect } satisfies RuleMatch, subject);
    if (misses.length === 0)
      return { answer: listed.answer, caption: `The server asks (${elicitation.mode}): the step says ${describeAnswer(listed.answer)}.` };
    for (const miss of misses) failures.push({ expectation: `elicitation ${nth} ${miss.field}`, expected: miss.expected, actual: miss.actual });
    return { answer: { action: 'cancel' }, caption: `Elicitation ${nth} is not the one the step expects: cancel.` };
  }
  const rules = scenario.rules?.enabled ? scenario.rules.rules : [];
  const ruleIndex = rules.findIndex((rule) => rule.enabled && ruleTakes(rule, subject));
  if (ruleIndex !== -1)
    return {
      answer: rules[ruleIndex].answer,
      caption: `Not in the step's list: the scenario's rule ${ruleIndex + 1} says ${describeAnswer(rules[ruleIndex].answer)}.`,
    };
  const message = typeof elicitation.params.message === 'string' ? elicitation.params.message : '';
  failures.push({
    expectation: 'no unlisted elicitation',
    expected: `${step.elicitations.length} elicitation(s), or one the scenario's rules answer`,
    actual: `a ${elicitation.mode} elicitation ${JSON.stringify(message.slice(0, 200))} no rule matches; it was cancelled`,
  });
  return { answer: { action: 'cancel' }, caption: 'An elicitation the step does not list, and no rule of the scenario answers: cancel.' };
}

/** What `run` sees of a call: its end, its input_required rounds, the findings raised while it ran. */
export function observe(events: LogEvent[], start: EventOf<'call-start'>, end: EventOf<'call-end'>) {
  const during = events.filter((event) => event.seq >= start.seq && event.seq <= end.seq);
  const rounds = ofKind(during, 'call-round').filter(
    (e) => e.callId === start.callId && (e.reason === 'input-responses' || e.reason === 'request-state'),
  ).length;
  const findingCodes = ofKind(during, 'finding')
    .filter((e) => e.callId === undefined || e.callId === start.callId)
    .map((e) => e.code);
  return { end, rounds, findingCodes };
}

async function cancelCall(page: Page, feed: DemoSessionFeed, callId: string): Promise<EventOf<'call-end'> | undefined> {
  const button = page.getByRole('list', { name: 'Calls' }).getByRole('listitem').first().getByRole('button', { name: 'Cancel call' });
  await button.click({ timeout: UI_TIMEOUT_MS }).catch(() => undefined); // already ended, or not on screen: the log says which
  return feed.waitFor((events) => ofKind(events, 'call-end').find((e) => e.callId === callId), CANCEL_GRACE_MS);
}

/** The names the server gave itself at its last handshake (its `name`, and its `title`): a rule may name either. */
function serverNamesOf(events: LogEvent[]): string[] {
  let names: string[] = [];
  for (const event of events) {
    if (event.kind !== 'session-state' || event.state !== 'ready' || !event.serverInfo) continue;
    const { name, title } = event.serverInfo;
    names = [name, title].filter((n): n is string => typeof n === 'string' && n !== '');
  }
  return names;
}
