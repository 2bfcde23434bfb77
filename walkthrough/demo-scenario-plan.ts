/**
 * `demo --target FILE`: what the scenario asks of the inspector at start (its
 * server, protocol and client), which steps the page can play, and the words
 * the captions and the terminal use for each step and its verdict.
 */
import type { InspectorOptions } from '../kit/start-inspector';
import type { RuleAnswer } from '../server/wire/rules';
import type { Scenario, ScenarioStep } from '../server/wire/scenario';
import type { StepFailure } from '../server/scenarios/outcome-checks';
import { ALL_PROTOCOLS } from '../server/scenarios/scenario-runner';
import { DEFAULT_SETTINGS } from '../server/wire/target';

export type DemoStepVerdict = {
  index: number;
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  /** Why a skipped step was not played. */
  reason?: string;
  failures: StepFailure[];
};

/** The inspector's start options for the scenario, and what of the scenario the demo cannot apply at start. */
export function inspectorOptionsFor(scenario: Scenario): { options: InspectorOptions; notes: string[] } {
  const notes: string[] = [];
  const server = scenario.server;
  const target: InspectorOptions['target'] =
    server === undefined
      ? undefined
      : server.transport === 'stdio'
        ? { command: server.command, args: server.args, env: server.env, ...(server.cwd !== undefined && { cwd: server.cwd }) }
        : { url: server.url, transport: server.transport, headers: server.headers };
  let protocol: string = typeof scenario.protocol === 'string' ? scenario.protocol : scenario.protocol[0];
  if (protocol === 'all') protocol = ALL_PROTOCOLS[0];
  if (scenario.protocol === 'all' || Array.isArray(scenario.protocol))
    notes.push(`The scenario names several protocol revisions; the demo plays it once, on ${protocol} (\`run\` plays each).`);
  // A client given in the file comes back with every setting filled in: only what differs from a plain start matters.
  const client = { ...DEFAULT_SETTINGS, ...scenario.client };
  const args: string[] = [];
  if (client.requestTimeoutMs !== DEFAULT_SETTINGS.requestTimeoutMs) args.push('--timeout', String(Math.ceil(client.requestTimeoutMs / 1000)));
  const { form, url } = client.elicitation;
  if (!form || !url) args.push('--elicitation', form ? 'form' : url ? 'url' : 'none');
  const unapplied = (['applyDefaults', 'maxRounds', 'autoRetryUrlRequired'] as const).filter((key) => client[key] !== DEFAULT_SETTINGS[key]);
  if (unapplied.length) notes.push(`Not applied at start (set them in the page's Client settings): client.${unapplied.join(', client.')}.`);
  return { options: { ...(target && { target }), protocol, args }, notes };
}

/** Why the page cannot play a step, before its call starts; undefined when it can. */
export function skipReason(step: ScenarioStep): string | undefined {
  if ('getPrompt' in step) return 'the walkthrough plays tool calls only so far (the page gets a prompt in its Prompts tab, and `run` plays this step)';
  if ('readResource' in step) return 'the walkthrough plays tool calls only so far (the page reads a resource in its Resources tab, and `run` plays this step)';
  const never = step.elicitations.findIndex((listed) => listed.answer.action === 'none');
  if (never !== -1)
    return `elicitation ${never + 1} is answered "none" (never answer), which a person in the page cannot do but by waiting for the server to give up`;
  return undefined;
}

/** One caption line for what a step does. */
export function describeStep(step: ScenarioStep): string {
  if (!('call' in step)) return 'getPrompt' in step ? `get the prompt ${step.getPrompt}` : `read ${step.readResource}`;
  const args = Object.keys(step.arguments).length ? ` with ${shorten(JSON.stringify(step.arguments), 120)}` : '';
  const answers = step.elicitations.map((listed) => describeAnswer(listed.answer));
  return `call ${step.call}${args}${answers.length ? `, then ${answers.join(', then ')}` : ''}`;
}

export function describeAnswer(answer: RuleAnswer): string {
  const delay = answer.delayMs ? ` after ${answer.delayMs} ms` : '';
  if (answer.action !== 'accept') return `${answer.action}${delay}`;
  const content = answer.content && Object.keys(answer.content).length ? ` with ${shorten(JSON.stringify(answer.content), 120)}` : '';
  const extra = [answer.skipValidation && 'without validating', answer.markComplete && 'and mark it done'].filter(Boolean).join(' ');
  return `accept${content}${extra ? ` ${extra}` : ''}${delay}`;
}

/** A step's verdict in one line for the terminal: passed, skipped and why, or the expectations that did not hold. */
export function verdictLine(verdict: DemoStepVerdict): string {
  // An unnamed step is called "2. tools/call echo" already (stepName): its number is not said twice.
  const name = verdict.name.startsWith(`${verdict.index}. `) ? verdict.name : `${verdict.index}. ${verdict.name}`;
  return `${name}: ${verdict.status}${verdictDetail(verdict)}`;
}

/** The same verdict as the caption after the step says it. */
export function verdictCaption(verdict: DemoStepVerdict): string {
  if (verdict.status === 'passed') return `Step ${verdict.index} passed: every expectation held.`;
  return `Step ${verdict.index} ${verdict.status}${verdictDetail(verdict)}`;
}

function verdictDetail(verdict: DemoStepVerdict): string {
  if (verdict.status === 'skipped') return ` (${verdict.reason ?? 'not played'})`;
  if (verdict.status === 'passed') return '';
  return `: ${verdict.failures.map((f) => `${f.expectation}: expected ${f.expected}, got ${f.actual}`).join('; ')}`;
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
