import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewLogEvent } from '../wire/events';
import { readRedactedDataUri } from '../wire/proposals';
import { withoutFileBytes } from './file-bytes';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const answer = (content: Record<string, unknown>): NewLogEvent => ({ kind: 'action', actor: 'user', action: 'accept', key: 'e1', content });

describe('data: URIs the client sends, in the log (SEP-2356)', () => {
  it('records base64 and percent-encoded data URIs as media type, decoded size and SHA-256', () => {
    const event = withoutFileBytes(answer({ photo: 'data:IMAGE/PNG;base64,aGVsbG8=', note: 'data:text/plain;charset=utf-8,h%C3%A9llo' }));
    const content = (event as { content: Record<string, string> }).content;
    expect(content.photo).toBe(`data:image/png;base64,[redacted: 5 bytes, sha256 ${sha256(Buffer.from('hello'))}]`);
    expect(readRedactedDataUri(content.note)).toEqual({ mediaType: 'text/plain', size: 6, sha256: sha256(Buffer.from('héllo')) });
  });

  it('leaves free text, other kinds, an entry already redacted and one without a data URI as they are', () => {
    const text = answer({ comment: 'data: see the attached file', url: 'https://example.com/data:,x' });
    expect(withoutFileBytes(text)).toBe(text);
    const pushed: NewLogEvent = { kind: 'rpc-in', message: { jsonrpc: '2.0', id: 1, result: { uri: 'data:,hello' } } };
    expect(withoutFileBytes(pushed)).toBe(pushed);
    const once = withoutFileBytes(answer({ photo: 'data:image/png;base64,aGVsbG8=' }));
    expect(withoutFileBytes(once)).toBe(once);
  });

  it('reaches into a retry, a response and a tool call, and takes hostile values without throwing', () => {
    const retry: NewLogEvent = {
      kind: 'rpc-out',
      message: {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 't', inputResponses: { it: { action: 'accept', content: { f: ['data:,abc'] } } } },
      },
    };
    expect(JSON.stringify(withoutFileBytes(retry))).toContain('"f":["data:text/plain,[redacted: 3 bytes, sha256 ');
    let deep: unknown = 'data:,deep';
    for (let i = 0; i < 10_000; i++) deep = { deep };
    const call: NewLogEvent = {
      kind: 'call-start',
      callId: 'c1',
      method: 'tools/call',
      name: 't',
      arguments: { deep, huge: `data:;base64,${'A'.repeat(4_000_000)}` },
      timeoutMs: 1000,
    };
    const redacted = withoutFileBytes(call) as unknown as { arguments: { huge: string } };
    expect(redacted.arguments.huge).toMatch(/^data:text\/plain;base64,\[redacted: 3000000 bytes, sha256 [0-9a-f]{64}\]$/);
  });
});
