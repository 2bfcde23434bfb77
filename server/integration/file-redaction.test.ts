/**
 * SEP-2356: a host MUST redact the data: URIs of file inputs in its logs. A file a
 * person sends reaches the server whole, and everywhere the inspector keeps or shows
 * it (the session file, what the page receives, the HAR and OTLP exports, an exported
 * Playwright spec) it is its media type, size and SHA-256; with Keep file bytes on,
 * the session file keeps the bytes. Through the real proxy and the demo server over HTTP.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectorClient, resultText } from '../../e2e/support/inspector-client';
import { startDemoHttp, startInspector, type Inspector, type Started } from '../../e2e/support/processes';
import { runExportSpec } from '../export/export-spec-cli';
import { runExport } from '../formats/export-cli';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==';
const PNG = `data:image/png;base64,${PNG_BASE64}`;
const SHA256 = createHash('sha256').update(Buffer.from(PNG_BASE64, 'base64')).digest('hex');
const RECORDED = `data:image/png;base64,[redacted: 70 bytes, sha256 ${SHA256}]`;
/** Any stretch of the file's base64 gives it away; this one is past its PNG signature. */
const BYTES = PNG_BASE64.slice(20, 60);

const dataDir = mkdtempSync(join(tmpdir(), 'file-redaction-'));
let inspector: Inspector;
let client: InspectorClient;
let demo: Started & { url: string };

beforeAll(async () => {
  [inspector, demo] = await Promise.all([startInspector(['--no-connect'], { dataDir }), startDemoHttp()]);
  client = await InspectorClient.connect(inspector);
});

afterAll(async () => {
  client?.close();
  await Promise.all([inspector?.stop(), demo?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Send the photo to the demo's upload_photo, end the session, and return its file once the file says it closed. */
async function sendPhoto(protocol: '2025-11-25' | '2026-07-28', proposals: { fileInputs: true; keepFileBytes?: boolean }) {
  const sessionId = await client.open({ transport: 'http', url: demo.url }, { protocol, proposals });
  const { callId, end } = await client.call(sessionId, 'upload_photo');
  const form = await client.waitForEvent('elicitation', (e) => e.callId === callId);
  await client.send('answer-elicitation', { sessionId, key: form.key, action: 'accept', content: { photo: PNG } });
  // The server got the file whole: only what the inspector keeps leaves the bytes out.
  expect(resultText(await end)).toBe('upload_photo: got image/png, 70 bytes');
  await client.send('disconnect', { sessionId });
  const file = join(dataDir, `${sessionId}.jsonl`);
  await expect.poll(() => readFileSync(file, 'utf8').includes('"state":"closed"')).toBe(true);
  return { sessionId, file };
}

async function exported(run: (io: { out: (text: string) => void; err: (text: string) => void }) => Promise<number>): Promise<string> {
  let out = '';
  let err = '';
  const code = await run({ out: (text) => (out += text), err: (text) => (err += text) });
  expect({ code, err }).toEqual({ code: 0, err: '' });
  return out;
}

const mentions = (text: string, what: string) => text.split(what).length - 1;

describe('file inputs in what the inspector keeps (SEP-2356)', () => {
  it.each(['2025-11-25', '2026-07-28'] as const)(
    'on %s the page, the session file, HAR, OTLP and export-spec have the type, size and SHA-256, never the bytes',
    async (protocol) => {
      const { sessionId, file } = await sendPhoto(protocol, { fileInputs: true });

      const pushed = JSON.stringify(client.events.filter((e) => e.sessionId === sessionId));
      const recorded = readFileSync(file, 'utf8');
      const har = await exported((io) => runExport({ command: 'export-har', format: 'har' }, [file], io));
      const otlp = await exported((io) => runExport({ command: 'export-otlp', format: 'otlp' }, [file], io));
      const spec = await exported((io) => runExportSpec([file], { stdout: io.out, stderr: io.err }));
      for (const [where, text] of Object.entries({ pushed, recorded, har, otlp, spec })) expect(text.includes(BYTES), `${where} holds the bytes`).toBe(false);

      // The answer the person gave and the message that carried it to the server (the response on 2025, the retry on 2026).
      expect(mentions(pushed, RECORDED)).toBe(2);
      expect(mentions(recorded, RECORDED)).toBe(2);
      expect(har).toContain(RECORDED);
      expect(spec).toContain(`acceptContent(${JSON.stringify({ photo: RECORDED })})`);
    },
    60_000,
  );

  it('with Keep file bytes on, the session file keeps the data URI whole', async () => {
    const { file } = await sendPhoto('2026-07-28', { fileInputs: true, keepFileBytes: true });
    const recorded = readFileSync(file, 'utf8');
    expect(mentions(recorded, PNG)).toBe(2);
    expect(recorded).not.toContain('[redacted: 70 bytes');
  }, 60_000);
});
