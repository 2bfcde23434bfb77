/**
 * A scenario written from a recorded session: each call becomes a step with its
 * arguments, each answer given becomes an expected elicitation (mode, message,
 * properties, round key) with that answer, and the result seen becomes the
 * outcome to expect. The file is a start: edit it and commit it as a regression test.
 */
import type { EventSource } from '../store/session-log';
import { LogEventSchema, type EventOf, type LogEvent } from '../wire/events';
import { SessionModel, type CallView, type ElicitationView } from '../wire/session-model';
import type { RuleAnswer } from '../wire/rules';
import { SCENARIO_FILE_VERSION, type ScenarioInput, type OutcomeExpect } from '../wire/scenario';
import { PROTOCOL_CHOICES, type TargetSummary } from '../wire/target';
import { resultText } from './outcome-checks';
import { appOf } from '../rules/rule-engine';
import { fileInputOf, type ProposalSettings, readDataUri, readRedactedDataUri } from '../wire/proposals';

type StepInput = ScenarioInput['steps'][number];
type ElicitationInput = NonNullable<StepInput['elicitations']>[number];
/** The most steps a scenario may have (the schema's limit). */
const MAX_STEPS = 10_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Reads every event of a session (live or recorded); entries that do not parse are skipped, as a page would. */
export async function scenarioFromSource(source: EventSource, name?: string): Promise<ScenarioInput> {
  const events: LogEvent[] = [];
  for await (const chunk of source.read(0, source.lastSeq)) {
    for (const stored of chunk) {
      const parsed = LogEventSchema.safeParse(safeJson(stored.json));
      if (parsed.success) events.push(parsed.data);
    }
  }
  return sessionToScenario(events, name);
}

export function sessionToScenario(events: LogEvent[], name?: string): ScenarioInput {
  const model = SessionModel.of(events);
  const { target: server, settings } = model.status;
  const protocol: ScenarioInput['protocol'] =
    model.status.protocolVersion !== undefined && isProtocol(model.status.protocolVersion) ? model.status.protocolVersion : 'auto';
  const client: ScenarioInput['client'] = settings
    ? {
        elicitation: settings.elicitation,
        ...(settings.applyDefaults && { applyDefaults: true }),
        // The proposals the session declared: a replay without them would get other requests (no app, no file input).
        ...(proposalsOf(settings.proposals) && { proposals: proposalsOf(settings.proposals) }),
      }
    : {};
  // The rest of the story (traffic, findings, timers) is for the page; a scenario keeps calls, answers and results.
  const steps = [...model.calls.values()].slice(0, MAX_STEPS).map((call) => {
    const elicitations = model.elicitationsOf(call).map(elicitationOf);
    return { ...stepOf(call), ...(call.end && { expect: outcomeOf(call.end, call) }), ...(elicitations.length && { elicitations }) };
  });
  return {
    version: SCENARIO_FILE_VERSION,
    ...(name && { name }),
    ...(server && !(server.transport === 'stdio' && server.isDemo) && { server: targetOf(server) }),
    protocol,
    ...(Object.keys(client).length && { client }),
    steps,
  };
}

/** What the elicitation asked, and the answer that counted; until one is seen, "nobody answered", and a replay holds it the same way. */
function elicitationOf(e: ElicitationView): ElicitationInput {
  const given = e.answer;
  const answer: RuleAnswer = { action: 'none' };
  let sentFiles: ElicitationInput['sentFiles'];
  if (given && (given.action === 'accept' || given.action === 'decline' || given.action === 'cancel')) {
    // What was sent is replayed as it was: no defaults added, keys in the recorded order.
    Object.assign(answer, {
      action: given.action,
      ...(given.action === 'accept' && given.content && { content: given.content, ...(e.mode === 'form' && { mergeDefaults: false }) }),
      ...(given.skippedValidation && { skipValidation: true }),
      ...(given.action === 'accept' && e.actions.some((a) => a.action === 'mark-done') && { markComplete: true }),
    });
    if (given.action === 'accept') sentFiles = sentFilesOf(fileFieldsOf(e.params.requestedSchema), given.content);
  }
  return { expect: expectOf(e), answer, ...(sentFiles && { sentFiles }) };
}

function stepOf(event: CallView): StepInput {
  const args = event.arguments && Object.keys(event.arguments).length ? { arguments: event.arguments } : {};
  if (event.method === 'prompts/get') return { getPrompt: event.name, ...args };
  if (event.method === 'resources/read') return { readResource: event.name };
  return { call: event.name, ...args };
}

function expectOf(event: ElicitationView): ElicitationInput['expect'] {
  const message = typeof event.params.message === 'string' ? event.params.message : '';
  const schema = event.params.requestedSchema;
  const properties =
    typeof schema === 'object' && schema !== null && 'properties' in schema && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  return {
    mode: event.mode,
    // Ids that change on each run (a URL flow's) would make the message differ: only the text before the first one is kept.
    ...(message && { message: message.split(UUID)[0] || undefined }),
    ...(properties.length && { properties }),
    ...(event.origin.kind === 'mrtr' && { roundKey: event.origin.inputKey }),
    // SEP-3118: the app the request named, so the scenario notices when a server stops offering it.
    ...(appOf(event.params) && { app: appOf(event.params) }),
  };
}

/** The proposal settings that were on (the others are their defaults), or undefined when none was. */
function proposalsOf(proposals: Partial<ProposalSettings> | undefined): Partial<ProposalSettings> | undefined {
  const on = Object.entries(proposals ?? {}).filter(([, value]) => value !== false && value !== '' && value !== undefined);
  return on.length ? Object.fromEntries(on) : undefined;
}

/** The fields of a form request that are file inputs (SEP-2356's `x-mcp-file` where the proposal allows it). */
function fileFieldsOf(schema: unknown): string[] {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  return Object.keys(properties).filter((name) => fileInputOf(properties[name]) !== undefined);
}

/** What an answer sent for each file input, as a `sentFiles` expectation; undefined when it sent none. */
function sentFilesOf(fields: string[], content: Record<string, unknown> | undefined): ElicitationInput['sentFiles'] {
  const sent = fields.flatMap((field) => {
    const value = content?.[field];
    // A session recorded without the file's bytes still says what was sent: its media type and size.
    const read = typeof value === 'string' ? (readRedactedDataUri(value) ?? readDataUri(value)) : undefined;
    return read && !('problem' in read) ? [[field, { mediaType: read.mediaType.toLowerCase(), size: read.size }] as const] : [];
  });
  return sent.length ? Object.fromEntries(sent) : undefined;
}

function outcomeOf(event: EventOf<'call-end'>, call: CallView): OutcomeExpect {
  if (event.outcome !== 'result') {
    const code = event.error?.code;
    return typeof code === 'number' ? { errorCode: code } : { outcome: event.outcome };
  }
  const result = event.result ?? {};
  const text = resultText(result);
  const expect: OutcomeExpect = { isError: result.isError === true };
  if (text)
    expect.text = UUID.test(text) ? { pattern: `^${text.split(new RegExp(UUID.source, 'gi')).map(escapeRegExp).join('[0-9a-fA-F-]{36}')}$` } : { equals: text };
  if (isRecord(result.structuredContent)) expect.structuredContent = result.structuredContent;
  // The retries a 2026-07-28 call needed to finish: each round that answered input_required or polled.
  const rounds = call.rounds.filter((r) => r.reason === 'input-responses' || r.reason === 'request-state').length;
  if (rounds > 0) expect.rounds = rounds;
  return expect;
}

/** The target as the log kept it: secrets were replaced there, and stay replaced here (fill them in, or use env). */
function targetOf(summary: TargetSummary): NonNullable<ScenarioInput['server']> {
  if (summary.transport !== 'stdio') return { transport: summary.transport, url: summary.url, headers: summary.headers };
  return { transport: 'stdio', command: summary.command, args: summary.args, env: summary.env, ...(summary.cwd && { cwd: summary.cwd }) };
}

function isProtocol(version: string): version is Exclude<(typeof PROTOCOL_CHOICES)[number], 'auto'> {
  return (PROTOCOL_CHOICES as readonly string[]).includes(version) && version !== 'auto';
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A damaged line of an imported file: skipped like any entry that does not fit the schema.
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
