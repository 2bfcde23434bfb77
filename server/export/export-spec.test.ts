import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LogEventSchema, type LogEvent } from '../wire/events';
import { StoryIndex } from '../wire/story-index';
import { exportSpec } from './export-spec';
import { matchSimpleTemplate } from './export-spec-resources';

function recorded(name: string): LogEvent[] {
  const lines = readFileSync(new URL(`../../app/model/fixtures/${name}.jsonl`, import.meta.url), 'utf8')
    .trim()
    .split('\n');
  return lines.slice(1).map((line) => LogEventSchema.parse(JSON.parse(line)));
}

/** Syntax errors TypeScript reports for the source (types are not checked here: the e2e test runs it). */
function syntaxErrors(source: string): string[] {
  const output = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext } });
  return (output.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('exportSpec', () => {
  it.each(['push-form', 'push-url-2025', 'server-cancelled', 'three-rounds-2026', 'timeout-call', 'url-poll-2026', 'url-required-retry'])(
    '%s: each call answers the elicitations its story in the page shows answered, in order',
    (name) => {
      const events = recorded(name);
      const story = new StoryIndex();
      for (const event of events) story.add(event);
      const bySeq = new Map(events.map((event) => [event.seq, event]));
      const modes = new Map(events.flatMap((e) => (e.kind === 'elicitation' ? [[e.key, e.mode] as const] : [])));
      const source = exportSpec(events);
      for (const start of events.filter((e) => e.kind === 'call-start')) {
        const answered = new Map<string, string>();
        for (const seq of story.storyOfCall(start.callId)) {
          const event = bySeq.get(seq);
          if (event?.kind !== 'action' || !event.key || answered.has(event.key) || modes.get(event.key) === 'sampling') continue;
          if (['accept', 'decline', 'cancel', 'open-url', 'copy-url'].includes(event.action)) answered.set(event.key, modes.get(event.key) ?? '');
        }
        const section = source.split(`(${start.callId})\n`)[1]?.split('\n\n')[0] ?? '';
        const steps = [...section.matchAll(/app\.(nextForm|nextUrlFlow)\(\)/g)].map((m) => (m[1] === 'nextForm' ? 'form' : 'url'));
        expect(steps, `the answers of ${start.callId}`).toEqual([...answered.values()]);
      }
    },
  );

  it('a pushed form: the call, the accepted content, the state and the result text', () => {
    const source = exportSpec(recorded('push-form'));
    expect(syntaxErrors(source)).toEqual([]);
    expect(source).toContain("import { expect, test } from 'elicitation-inspector/playwright';");
    expect(source).toMatch(/^const SERVER = { command: process\.execPath, args: \[.*\] };$/m);
    expect(source).toContain('test.use({ inspectorTarget: SERVER, inspectorProtocol: "2025-11-25" });');
    expect(source).toContain('await app.callTool("collect_profile", {});');
    expect(source).toMatch(/await \(await app\.nextForm\(\)\)\.acceptContent\(\{"name":"Ada","email":"ada@example\.com","plan":"pro"/);
    expect(source).toContain('expect(outcome.status, "the state of collect_profile (c1)").toBe("Completed");');
    expect(source).toContain('expect(outcome.result, "the result of collect_profile (c1)").toContain("collect_profile: accept');
  });

  it('written into the project, the server is one constant at the top with paths relative to the spec', () => {
    const source = exportSpec(recorded('push-form'), { specDir: '/home/ada/elicitation-inspector/tests' });
    expect(syntaxErrors(source)).toEqual([]);
    expect(source).not.toContain('/home/ada');
    expect(source).toContain(
      'const SERVER = { command: process.execPath, args: ["--import","../node_modules/tsx/dist/loader.mjs","../server/demo/stdio.ts"], cwd: "." };',
    );
    expect(source).toContain('use({ ...SERVER, cwd: resolve(dirname(testInfo.file), SERVER.cwd) });');
    expect(source).toContain('test.use({ inspectorTarget, inspectorProtocol: "2025-11-25" });');
  });

  it('two interleaved calls replay one after the other, each with its own answers', () => {
    const source = exportSpec(recorded('interleaved-http'));
    expect(syntaxErrors(source)).toEqual([]);
    const planTrip = source.indexOf('app.callTool("plan_trip"');
    const profile = source.indexOf('app.callTool("collect_profile"');
    expect(planTrip).toBeGreaterThan(0);
    expect(profile).toBeGreaterThan(planTrip);
    const tripPart = source.slice(planTrip, profile);
    expect(tripPart.match(/acceptContent/g)).toHaveLength(2);
    expect(source.slice(profile)).toContain('.decline();');
    expect(source).toContain('inspectorTarget: { url: ');
  });

  it('a URL flow is consented to once, not once per click event', () => {
    const source = exportSpec(recorded('url-required-retry'));
    expect(source.match(/nextUrlFlow\(\)\)\.consent\(\)/g)).toHaveLength(1);
    expect(source).toContain('toContain("link_account_first: the account is linked');
  });

  it('an elicitation the server withdrew gets no answer; the call is still asserted', () => {
    const source = exportSpec(recorded('server-cancelled'));
    expect(source).not.toMatch(/nextForm|nextUrlFlow/);
    expect(source).toContain('the server stopped waiting');
  });

  it('hostile names and texts stay inside string literals and comments', () => {
    const events = recorded('push-form').map((event) => {
      const evil = "x');\n process.exit(1); //*/ `${1}` \u2028";
      if (event.kind === 'call-start') return { ...event, name: evil, arguments: { [evil]: evil } };
      if (event.kind === 'call-end') return { ...event, result: { content: [{ type: 'text', text: evil }] } };
      return event;
    });
    const source = exportSpec(events);
    expect(syntaxErrors(source)).toEqual([]);
    expect(source.split('\n').filter((line) => line.trim().startsWith('process.exit'))).toEqual([]);
    expect(source.match(/await app\.callTool\(/g)).toHaveLength(1);
  });

  it('a session without calls still gives a valid test that says so', () => {
    const source = exportSpec(recorded('push-form').filter((e) => !e.kind.startsWith('call')));
    expect(syntaxErrors(source)).toEqual([]);
    expect(source).toContain('// The session made no tool call.');
  });

  it("a prompts/get and a resources/read replay with the page object's steps, and their texts are asserted", () => {
    const asPrompt = recorded('push-form').map((event) => {
      if (event.kind === 'call-start')
        return { ...event, method: 'prompts/get' as const, name: 'write_announcement', arguments: { topic: 'the launch', count: 2 } };
      if (event.kind === 'call-end')
        return { ...event, result: { messages: [{ role: 'user', content: { type: 'text', text: 'Write a formal announcement about the launch.' } }] } };
      return event;
    });
    const prompt = exportSpec(asPrompt);
    expect(syntaxErrors(prompt)).toEqual([]);
    expect(prompt).toContain('await app.getPrompt("write_announcement", {"topic":"the launch","count":"2"});');
    expect(prompt).toMatch(/await \(await app\.nextForm\(\)\)\.acceptContent\(/);
    expect(prompt).toContain('expect(outcome.status, "the state of prompts/get write_announcement (c1)").toBe("Completed");');
    expect(prompt).toContain('.toContain("Write a formal announcement about the launch.");');

    const events = recorded('push-form');
    const first = events[0];
    const listing = LogEventSchema.parse({
      seq: first.seq,
      at: first.at,
      sessionId: first.sessionId,
      kind: 'rpc-in',
      message: { jsonrpc: '2.0', id: 99, result: { resourceTemplates: [{ name: 'secret_note', uriTemplate: 'demo://notes/{name}' }] } },
    });
    const asRead = events.map((event) => {
      if (event.kind === 'call-start') return { ...event, method: 'resources/read' as const, name: 'demo://notes/q3%20plan', arguments: undefined };
      if (event.kind === 'call-end')
        return { ...event, result: { contents: [{ uri: 'demo://notes/q3%20plan', text: 'secret_note q3 plan: moved to Thursday' }] } };
      return event;
    });
    const read = exportSpec([listing, ...asRead]);
    expect(syntaxErrors(read)).toEqual([]);
    expect(read).toContain('await app.readResource("secret_note", {"name":"q3 plan"});');
    expect(read).toContain('.toContain("secret_note q3 plan: moved to Thursday");');
    // A URI the session never listed cannot be picked in the page: said, not guessed.
    const unlisted = exportSpec(asRead);
    expect(syntaxErrors(unlisted)).toEqual([]);
    expect(unlisted).toContain('// resources/read demo://notes/q3%20plan (c1) is not replayed');
    expect(unlisted).not.toContain('app.readResource');
  });

  it('reverses only level-1 URI templates', () => {
    expect(matchSimpleTemplate('demo://notes/{name}', 'demo://notes/a%2Fb')).toEqual({ name: 'a/b' });
    expect(matchSimpleTemplate('demo://notes/{name}', 'demo://other/x')).toBeUndefined();
    expect(matchSimpleTemplate('demo://search{?q}', 'demo://search?q=x')).toBeUndefined();
    expect(matchSimpleTemplate('demo://notes/{name}', 'demo://notes/%E0%A4%A')).toBeUndefined();
  });
});
