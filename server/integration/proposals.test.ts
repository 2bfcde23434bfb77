/**
 * The protocol proposals behind the Proposals settings, through the real proxy and
 * the demo server (and a hand-written server for what an SDK server refuses to
 * send): each is silent with its setting off, and does what docs/proposals.md says with it on.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resultText } from '../../e2e/support/inspector-client';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { demoStdio, startDemoHttp, startHttpTarget, targetStdio, type Started } from '../../e2e/support/processes';

const suite = inspectorSuite();
const demo = () => ({ transport: 'stdio' as const, ...demoStdio() });
const findingsOf = (sessionId: string, code: string) => suite.client.of('finding').filter((f) => f.sessionId === sessionId && f.code === code);

describe('deprecation notes (SEP-2577)', () => {
  it('on 2026-07-28 each use of logging and roots is a warning naming the earliest removal, as the SEP asks', async () => {
    const sessionId = await suite.client.open(demo(), {
      protocol: '2026-07-28',
      roots: { enabled: true, list: [{ uri: 'file:///home/ada/project' }] },
      proposals: { deprecationNotes: true },
    });
    const logged = await suite.client.call(sessionId, 'write_log', { message: 'Indexing 3 files' });
    expect(resultText(await logged.end)).toBe('write_log: logged "Indexing 3 files"');
    const roots = await suite.client.call(sessionId, 'list_roots');
    expect(resultText(await roots.end)).toBe('list_roots: 1 root: file:///home/ada/project');

    const [declared, logging] = findingsOf(sessionId, 'logging-deprecated');
    expect(declared).toMatchObject({ severity: 'warning', message: expect.stringMatching(/^The server declares the `logging` capability/) });
    expect(logging).toMatchObject({
      severity: 'warning',
      message: expect.stringMatching(/log message.*deprecated from 2026-07-28.*on or after 2027-07-28.*stderr/),
    });
    const note = suite.client.of('rpc-in').find((e) => e.seq === logging?.aboutSeq);
    expect(note?.message).toMatchObject({ method: 'notifications/message' });
    expect(findingsOf(sessionId, 'roots-deprecated')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        callId: roots.callId,
        message: expect.stringMatching(/roots\/list in input request "roots".*2027-07-28/),
      }),
    ]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('says nothing before 2026-07-28, or with the setting off', async () => {
    // One at a time: the script client follows one session's events at once.
    for (const settings of [{ protocol: '2025-11-25', proposals: { deprecationNotes: true } }, { protocol: '2026-07-28' }] as const) {
      const sessionId = await suite.client.open(demo(), settings);
      const { end } = await suite.client.call(sessionId, 'write_log');
      expect(resultText(await end)).toBe('write_log: logged "Indexing 3 files"');
      expect(suite.client.of('finding').filter((f) => f.sessionId === sessionId && f.code.endsWith('-deprecated'))).toEqual([]);
      await suite.client.send('disconnect', { sessionId });
    }
  }, 60_000);
});

describe('authorization denials as URL elicitation (SEP-2643)', () => {
  it('the URL elicitation carries the denial, and the retry echoes its authorizationContextId', async () => {
    const sessionId = await suite.client.open(demo(), { protocol: '2026-07-28', proposals: { authorizationDenials: true } });
    const connecting = suite.client.of('session-state').find((e) => e.sessionId === sessionId && e.state === 'connecting');
    expect(connecting?.state === 'connecting' && connecting.clientCapabilities).toMatchObject({
      extensions: { 'io.modelcontextprotocol/structured-authorization-denials': {} },
    });
    const { callId, end } = await suite.client.call(sessionId, 'approve_folder_access');
    const flow = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    expect(flow).toMatchObject({
      mode: 'url',
      authorization: { reason: 'insufficient_authorization', remediation: 'available', remediationHints: [{ type: 'url' }] },
    });
    await suite.client.send('answer-elicitation', { sessionId, key: flow.key, action: 'accept' });
    expect(resultText(await end)).toBe(`approve_folder_access: accept; echoed ${flow.authorization?.authorizationContextId}`);
    const retry = suite.client
      .of('rpc-out')
      .filter((e) => e.sessionId === sessionId && e.message.method === 'tools/call')
      .at(-1);
    expect(retry?.message).toMatchObject({
      params: { _meta: { 'io.modelcontextprotocol/authorization-context-id': flow.authorization?.authorizationContextId } },
    });
    expect(suite.client.of('finding').filter((f) => f.sessionId === sessionId && f.code.startsWith('authorization-'))).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('with the setting off the denial is ignored, as by a client that does not know the proposal', async () => {
    const sessionId = await suite.client.open(demo(), { protocol: '2026-07-28' });
    const connecting = suite.client.of('session-state').find((e) => e.sessionId === sessionId && e.state === 'connecting');
    expect(connecting?.state === 'connecting' && connecting.clientCapabilities).not.toHaveProperty('extensions');
    const { callId, end } = await suite.client.call(sessionId, 'approve_folder_access');
    const flow = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    expect(flow).not.toHaveProperty('authorization');
    await suite.client.send('answer-elicitation', { sessionId, key: flow.key, action: 'accept' });
    expect(resultText(await end)).toBe('approve_folder_access: accept; no authorizationContextId echoed');
    await suite.client.send('disconnect', { sessionId });
  });

  it('a URL remedy sent to a request that did not declare elicitation.url is a finding, and no authorization step', async () => {
    const settings = { protocol: '2026-07-28', elicitation: { form: true, url: false }, proposals: { authorizationDenials: true } } as const;
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('client-requests') }, settings);
    const { callId, end } = await suite.client.call(sessionId, 'denied_by_url');
    const flow = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    expect(flow).not.toHaveProperty('authorization');
    expect(findingsOf(sessionId, 'authorization-url-undeclared')).toEqual([
      expect.objectContaining({ severity: 'error', callId, message: expect.stringMatching(/did not declare `elicitation.url`/) }),
    ]);
    await suite.client.send('answer-elicitation', { sessionId, key: flow.key, action: 'decline' });
    // The handle is still echoed: the retry correlates with the denial whatever the person chose.
    expect(resultText(await end)).toBe('denied_by_url: {"action":"decline"}; "authzctx_raw"');

    const badly = await suite.client.call(sessionId, 'denied_badly');
    const second = await suite.client.waitForEvent('elicitation', (e) => e.callId === badly.callId);
    expect(findingsOf(sessionId, 'authorization-denial-malformed')).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringMatching(/reason.*remediation.*ignored/s) }),
    ]);
    await suite.client.send('answer-elicitation', { sessionId, key: second.key, action: 'cancel' });
    expect(resultText(await badly.end)).toBe('denied_badly: {"action":"cancel"}; "no id echoed"');
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('authorization denials on a final result (SEP-2643)', () => {
  it.each([
    ['2025-11-25', 'unavailable'],
    ['2026-07-28', 'undisclosed'],
  ] as const)('on %s a tool error whose envelope says %s ends the call with the denial, and no finding', async (protocol, remediation) => {
    const sessionId = await suite.client.open(demo(), { protocol, proposals: { authorizationDenials: true } });
    const { callId, end } = await suite.client.call(sessionId, 'open_workspace', { remediation });
    const done = await end;
    expect(done.result).toMatchObject({ isError: true });
    expect(done.authorization).toEqual({ reason: 'insufficient_authorization', remediation, authorizationContextId: expect.stringMatching(/^authzctx_/) });
    expect(suite.client.of('finding').filter((f) => f.callId === callId)).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('with the setting off the result is an ordinary tool error', async () => {
    const sessionId = await suite.client.open(demo(), { protocol: '2026-07-28' });
    const done = await suite.client.call(sessionId, 'open_workspace').then(({ end }) => end);
    expect(resultText(done)).toBe('open_workspace: you do not have access to workspace ws_marketing.');
    expect(done).not.toHaveProperty('authorization');
    await suite.client.send('disconnect', { sessionId });
  });

  it('an envelope on a result that is not an error, with hints it may not have, is shown with what is wrong', async () => {
    const sessionId = await suite.client.open(
      { transport: 'stdio', ...targetStdio('client-requests') },
      { protocol: '2026-07-28', proposals: { authorizationDenials: true } },
    );
    const { callId, end } = await suite.client.call(sessionId, 'refused_oddly');
    expect((await end).authorization).toMatchObject({ remediation: 'unavailable' });
    const found = suite.client.of('finding').filter((f) => f.callId === callId);
    expect(found.map((f) => [f.code, f.severity])).toEqual([
      ['authorization-hints-not-allowed', 'error'],
      ['authorization-denial-not-error', 'warning'],
      ['authorization-url-hint-without-url', 'warning'],
    ]);
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('file inputs (SEP-2356)', () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==';

  it.each(['2025-11-25', '2026-07-28'] as const)('on %s a data: URI is sent; a wrong type or a file too large is refused before sending', async (protocol) => {
    const sessionId = await suite.client.open(demo(), { protocol, proposals: { fileInputs: true } });
    const { callId, end } = await suite.client.call(sessionId, 'upload_photo');
    const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    // The keyword is known: no "unknown keyword" finding for it.
    expect(findingsOf(sessionId, 'schema-unknown-keyword')).toEqual([]);
    const answer = (photo: string) => suite.client.send('answer-elicitation', { sessionId, key: form.key, action: 'accept', content: { photo } });
    await expect(answer('data:text/plain,hello')).rejects.toThrow(/photo has media type text\/plain, which accept \(image\/png, image\/jpeg\) does not allow/);
    await expect(answer(`data:image/png;base64,${'A'.repeat(90_000)}`)).rejects.toThrow(/photo is 67500 bytes, more than maxSize 65536/);
    await expect(answer('https://example.com/photo.png')).rejects.toThrow(/photo is not a data: URI/);
    await answer(PNG);
    expect(resultText(await end)).toBe('upload_photo: got image/png, 70 bytes');
    await suite.client.send('disconnect', { sessionId });
  });

  it('with the setting off the field is an ordinary string, and x-mcp-file an unknown keyword', async () => {
    const sessionId = await suite.client.open(demo(), { protocol: '2026-07-28' });
    const { callId, end } = await suite.client.call(sessionId, 'upload_photo');
    const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    expect(findingsOf(sessionId, 'schema-unknown-keyword').map((f) => f.message)).toEqual([expect.stringContaining('`x-mcp-file`')]);
    // No file checks in the client: the server's own check refuses the value.
    await suite.client.send('answer-elicitation', { sessionId, key: form.key, action: 'accept', content: { photo: 'https://example.com/photo.png' } });
    expect(resultText(await end)).toMatch(/^upload_photo: rejected, the photo is not a data: URI/);
    await suite.client.send('disconnect', { sessionId });
  });

  describe('answered from disk by scenarios and rules', () => {
    let dir: string;
    let png: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'file-inputs-'));
      png = join(dir, 'dot.png');
      writeFileSync(png, Buffer.from(PNG.split(',')[1], 'base64'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const photoStep = (sentFiles: Record<string, unknown>) => ({
      call: 'upload_photo',
      elicitations: [{ answer: { action: 'accept' as const, content: { photo: { file: png } } }, sentFiles }],
    });

    it('a scenario step expects what was sent for a file input: its media type and size', async () => {
      const { runs } = await suite.client.send('run-scenario', {
        scenario: {
          protocol: '2026-07-28',
          client: { proposals: { fileInputs: true } },
          steps: [
            { ...photoStep({ photo: { mediaType: 'image/png', size: 70 } }), expect: { text: { equals: 'upload_photo: got image/png, 70 bytes' } } },
            photoStep({ photo: { mediaType: 'image/*' } }),
            photoStep({ photo: { mediaType: 'image/jpeg', size: 1024 }, other: {} }),
          ],
        },
      });
      const [exact, wildcard, wrong] = runs[0]?.steps ?? [];
      expect(exact).toMatchObject({ status: 'passed' });
      expect(wildcard).toMatchObject({ status: 'passed' });
      expect(wrong?.failures).toEqual([
        { expectation: 'elicitation 1 sentFiles.photo.mediaType', expected: 'image/jpeg', actual: 'image/png' },
        { expectation: 'elicitation 1 sentFiles.photo.size', expected: '1024 bytes', actual: '70 bytes' },
        { expectation: 'elicitation 1 sentFiles.other', expected: 'a file sent', actual: 'the answer sent no such field' },
      ]);
    });

    it('with File inputs off a { file } answer is refused, naming the setting, and nothing is sent', async () => {
      const { runs } = await suite.client.send('run-scenario', {
        scenario: { protocol: '2026-07-28', steps: [photoStep({ photo: { mediaType: 'image/png' } })] },
      });
      const [step] = runs[0]?.steps ?? [];
      expect(step).toMatchObject({ status: 'failed', failures: [expect.objectContaining({ actual: expect.stringContaining('rule-content-invalid') })] });
      await suite.client.follow(runs[0].sessionId!);
      const refused = await suite.client.waitForEvent('finding', (f) => f.sessionId === runs[0]?.sessionId && f.code === 'rule-content-invalid');
      expect(refused.message).toMatch(
        /^Not sent: scenario step 1 \(1\. tools\/call upload_photo\) answers with a file it cannot send: photo is answered with the file .*dot\.png, but File inputs \(SEP-2356\) is off/,
      );

      // A connection's rule is held to the same: the request waits for a person, and the server never sees a path.
      const sessionId = await suite.client.open(demo(), {
        protocol: '2026-07-28',
        rules: { rules: [{ match: { tool: 'upload_photo' }, answer: { action: 'accept', content: { photo: { file: png } } } }] },
      });
      const { callId, end } = await suite.client.call(sessionId, 'upload_photo');
      const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
      const finding = await suite.client.waitForEvent('finding', (f) => f.sessionId === sessionId && f.code === 'rule-content-invalid');
      expect(finding.message).toMatch(/File inputs \(SEP-2356\) is off for this connection, so no file is read or sent\. Switch on File inputs/);
      expect(suite.client.of('action').filter((a) => a.sessionId === sessionId && a.key === form.key)).toEqual([]);
      await suite.client.send('answer-elicitation', { sessionId, key: form.key, action: 'decline' });
      expect(resultText(await end)).toBe('upload_photo: decline');
      await suite.client.send('disconnect', { sessionId });
    });
  });
});

describe("the person's language (SEP-2792)", () => {
  const LANGUAGE = 'io.modelcontextprotocol/acceptLanguage';
  let http: Started & { url: string };
  beforeAll(async () => {
    http = await startDemoHttp();
  });
  afterAll(() => http.stop());
  /** The requests a session sent, by method, and the language each one carried. */
  const requestsOf = (sessionId: string) =>
    suite.client
      .of('rpc-out')
      .filter((e) => e.sessionId === sessionId && 'method' in e.message && 'id' in e.message)
      .map((e) => ({ method: String(e.message.method), language: (e.message.params as { _meta?: Record<string, unknown> } | undefined)?._meta?.[LANGUAGE] }));

  /** Ask localized_signup and accept its form, returning the form as the session showed it and the tool's answer. */
  async function signUp(sessionId: string) {
    const { callId, end } = await suite.client.call(sessionId, 'localized_signup');
    const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    await suite.client.send('answer-elicitation', { sessionId, key: form.key, action: 'accept', content: { fullName: 'Ada', newsletter: false } });
    return { form, result: resultText(await end) };
  }

  it.each([
    ['stdio', '2025-11-25'],
    ['stdio', '2026-07-28'],
    ['http', '2026-07-28'],
  ] as const)(
    'over %s on %s every request carries the language, and the form comes localized with the same keys',
    async (transport, protocol) => {
      const target = transport === 'http' ? { transport: 'http' as const, url: http.url } : demo();
      const sessionId = await suite.client.open(target, { protocol, proposals: { language: 'fr' } });
      const { form, result } = await signUp(sessionId);
      expect(form.params).toMatchObject({
        message: 'Veuillez vous inscrire à la lettre d’information.',
        requestedSchema: {
          properties: {
            fullName: { title: 'Nom complet', description: 'Tel qu’il doit figurer sur la lettre' },
            newsletter: { title: 'Lettre d’information' },
          },
        },
      });
      expect(result).toBe('localized_signup (fr): signed up {"fullName":"Ada","newsletter":false}');

      const requests = requestsOf(sessionId);
      const methods = requests.map((r) => r.method);
      expect(methods).toContain(protocol === '2026-07-28' ? 'server/discover' : 'initialize');
      expect(methods).toContain('tools/list');
      // 2026-07-28: the first call and its input_required retry; 2025-11-25: one call, answered in between.
      expect(methods.filter((m) => m === 'tools/call')).toHaveLength(protocol === '2026-07-28' ? 2 : 1);
      expect(requests.filter((r) => r.language !== 'fr')).toEqual([]);
      if (transport === 'http') {
        const posts = suite.client.of('http').filter((e) => e.sessionId === sessionId && e.method === 'POST' && e.rpcIds?.length);
        expect(posts.length).toBeGreaterThanOrEqual(requests.length);
        const headers = posts.map((e) => Object.entries(e.requestHeaders).find(([name]) => name.toLowerCase() === 'accept-language')?.[1]);
        expect(new Set(headers)).toEqual(new Set(['fr']));
      }
      await suite.client.send('disconnect', { sessionId });
    },
    60_000,
  );

  it('with no language nothing is sent, and the server answers in its default', async () => {
    const sessionId = await suite.client.open({ transport: 'http', url: http.url }, { protocol: '2026-07-28' });
    const { form, result } = await signUp(sessionId);
    expect(form.params).toMatchObject({ message: 'Please sign up for the newsletter.' });
    expect(result).toBe('localized_signup (en): signed up {"fullName":"Ada","newsletter":false}');
    expect(requestsOf(sessionId).filter((r) => r.language !== undefined)).toEqual([]);
    const posts = suite.client.of('http').filter((e) => e.sessionId === sessionId);
    expect(posts.filter((e) => Object.keys(e.requestHeaders).some((name) => name.toLowerCase() === 'accept-language'))).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('a form whose property keys change with the language is a finding; one that keeps them is not', async () => {
    const raw = { transport: 'stdio' as const, ...targetStdio('client-requests') };
    const ask = async (target: typeof raw | ReturnType<typeof demo>, tool: string, language: string) => {
      const sessionId = await suite.client.open(target, { protocol: '2026-07-28', proposals: { language } });
      const { callId, end } = await suite.client.call(sessionId, tool);
      const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
      await suite.client.send('answer-elicitation', { sessionId, key: form.key, action: 'decline' });
      await end;
      const found = findingsOf(sessionId, 'localized-keys-changed');
      await suite.client.send('disconnect', { sessionId });
      return found;
    };
    expect(await ask(raw, 'translated_keys', 'fr')).toEqual([]);
    expect(await ask(raw, 'translated_keys', '')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message:
          'Tool `translated_keys` asked input "it" with properties name with no language, but nom in language fr; SEP-2792 translates messages, titles and descriptions, never property keys.',
      }),
    ]);
    expect(await ask(demo(), 'localized_signup', 'de')).toEqual([]);
    expect(await ask(demo(), 'localized_signup', 'fr')).toEqual([]);
  }, 60_000);

  describe('over HTTP, as the server reads each request', () => {
    /** What the language-mirror server heard: every HTTP request, its Accept-Language lines, the `_meta` language of each request in it. */
    type Heard = { http: string; rpc: string[]; header: string[]; meta: (string | null)[] };
    // A server per test: it remembers every request it heard, and a test reads only its own session's.
    let mirror: Started & { port: number };
    beforeEach(async () => {
      mirror = await startHttpTarget('language-mirror');
    });
    afterEach(() => mirror.stop());

    async function heardBy(language: string, protocol: '2025-11-25' | '2026-07-28'): Promise<Heard[]> {
      const sessionId = await suite.client.open({ transport: 'http', url: `http://127.0.0.1:${mirror.port}/mcp` }, { protocol, proposals: { language } });
      const { end } = await suite.client.call(sessionId, 'heard_languages');
      const done = await end;
      await suite.client.send('disconnect', { sessionId });
      expect(done.outcome).toBe('result');
      return JSON.parse(resultText(done)) as Heard[];
    }

    it.each(['2025-11-25', '2026-07-28'] as const)('with no language no request carries Accept-Language at all (%s)', async (protocol) => {
      const heard = await heardBy('', protocol);
      expect(heard.map((h) => h.rpc).flat()).toContain('tools/call');
      expect(heard.filter((h) => h.header.length > 0 || h.meta.some((m) => m !== null))).toEqual([]);
    });

    it("takes the SEP's own weighted list: one Accept-Language line on every POST, the same characters as each request's _meta", async () => {
      const language = 'fr-CA,fr;q=0.9,en;q=0.5';
      const heard = await heardBy(language, '2026-07-28');
      const posts = heard.filter((h) => h.http === 'POST');
      expect(posts.map((h) => h.rpc).flat()).toEqual(expect.arrayContaining(['server/discover', 'tools/list', 'tools/call']));
      expect(posts.filter((h) => h.header.length !== 1 || h.header[0] !== language)).toEqual([]);
      expect(posts.flatMap((h) => h.meta).filter((m) => m !== language)).toEqual([]);
      // The demo reads the list as RFC 4647 lookup does: fr-CA has no form of its own, so French.
      const sessionId = await suite.client.open(demo(), { protocol: '2026-07-28', proposals: { language: 'de-CH;q=0.4, fr-CA, *;q=0.1' } });
      const { form, result } = await signUp(sessionId);
      expect(form.params).toMatchObject({ message: 'Veuillez vous inscrire à la lettre d’information.' });
      expect(result).toMatch(/^localized_signup \(fr\): signed up/);
      await suite.client.send('disconnect', { sessionId });
    }, 60_000);
  });

  it.each([
    ['a weight above 1', 'fr;q=2', /"fr;q=2" has a weight that is not ;q= with a number from 0 to 1/],
    ['an empty entry', 'fr,,de', /entry 2 of 3 is empty/],
    ['a word that is no range', 'français', /"français" is not a language range/],
    ['a subtag of 9 characters', 'en, en-verylongsubtag', /entry 2 of 2, "en-verylongsubtag", is not a language range/],
    ['10,000 characters', 'x'.repeat(10_000), /at most 500 characters/],
  ])('refuses a setting that is not an Accept-Language value, naming it and why: %s', async (_case, language, why) => {
    const refusal = suite.client.open(demo(), { proposals: { language } });
    await expect(refusal).rejects.toThrow(/language/);
    await expect(refusal).rejects.toThrow(why);
  });
});
