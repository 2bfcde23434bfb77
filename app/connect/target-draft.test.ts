import { describe, expect, it } from 'vitest';
import { draftFromTarget, EMPTY_DRAFT, sameDraft, targetFromDraft } from './target-draft';

describe('target drafts', () => {
  it('stdio: one argument per line keeps spaces, env lines split at the first =', () => {
    const built = targetFromDraft({ ...EMPTY_DRAFT, transport: 'stdio', command: ' node ', args: 'my server.js\n\n--flag=a b\n', env: 'A=1\nB=x=y', cwd: '' });
    expect(built).toEqual({ target: { transport: 'stdio', command: 'node', args: ['my server.js', '--flag=a b'], env: { A: '1', B: 'x=y' } } });
  });

  it('says which line is wrong', () => {
    expect(targetFromDraft({ ...EMPTY_DRAFT, transport: 'stdio', command: 'x', env: 'A=1\nnope' })).toEqual({ error: 'Environment line 2: use KEY=VALUE.' });
    expect(targetFromDraft({ ...EMPTY_DRAFT, transport: 'http', url: 'http://x/mcp', headers: 'Authorization Bearer' })).toEqual({
      error: 'Header line 1: use "Name: value".',
    });
    expect(targetFromDraft({ ...EMPTY_DRAFT, transport: 'http', url: 'ftp://x' })).toEqual({ error: 'The URL must start with http:// or https://.' });
    expect(targetFromDraft({ ...EMPTY_DRAFT, transport: 'stdio', command: ' ' })).toEqual({ error: 'Enter the command that starts the server.' });
  });

  it('round-trips a target summary, and tells when the person changed it', () => {
    const draft = draftFromTarget({ transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: '[redacted]' } });
    expect(draft.headers).toBe('Authorization: [redacted]');
    expect(sameDraft(draft, { ...draft })).toBe(true);
    expect(sameDraft(draft, { ...draft, url: 'http://127.0.0.1:2/mcp' })).toBe(false);
  });
});
