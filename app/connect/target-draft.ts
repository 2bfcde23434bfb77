/** The connect form's text fields, and their conversion to and from a target. */
import type { TargetInput, TargetSummary } from '@wire/target';
import { EMPTY_OAUTH_DRAFT, oauthDraftFrom, oauthFromDraft, sameOAuthDraft, type OAuthDraft } from './oauth-draft';

export type TransportKind = 'stdio' | 'http' | 'sse';

export type TargetDraft = {
  transport: TransportKind;
  command: string;
  /** One argument a line, so arguments with spaces need no quoting. */
  args: string;
  /** KEY=VALUE, one a line. */
  env: string;
  cwd: string;
  url: string;
  /** "Name: value", one a line. */
  headers: string;
  /** HTTP and SSE only. */
  oauth: OAuthDraft;
};

export const EMPTY_DRAFT: TargetDraft = {
  transport: 'stdio',
  command: '',
  args: '',
  env: '',
  cwd: '',
  url: 'http://127.0.0.1:3001/mcp',
  headers: '',
  oauth: EMPTY_OAUTH_DRAFT,
};

export function draftFromTarget(target: TargetSummary): TargetDraft {
  if (target.transport === 'stdio') {
    return {
      ...EMPTY_DRAFT,
      transport: 'stdio',
      command: target.command,
      args: target.args.join('\n'),
      env: Object.entries(target.env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
      cwd: target.cwd ?? '',
    };
  }
  return {
    ...EMPTY_DRAFT,
    transport: target.transport,
    url: target.url,
    headers: Object.entries(target.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    oauth: oauthDraftFrom(target.oauth),
  };
}

/** Build a target, or say which line is wrong. */
export function targetFromDraft(draft: TargetDraft): { target: TargetInput } | { error: string } {
  if (draft.transport === 'stdio') {
    if (!draft.command.trim()) return { error: 'Enter the command that starts the server.' };
    const env: Record<string, string> = {};
    for (const [i, line] of lines(draft.env)) {
      const eq = line.indexOf('=');
      if (eq <= 0) return { error: `Environment line ${i}: use KEY=VALUE.` };
      env[line.slice(0, eq).trim()] = line.slice(eq + 1);
    }
    return {
      target: {
        transport: 'stdio',
        command: draft.command.trim(),
        args: lines(draft.args).map(([, l]) => l),
        env,
        ...(draft.cwd.trim() && { cwd: draft.cwd.trim() }),
      },
    };
  }
  let url: URL;
  try {
    url = new URL(draft.url.trim());
  } catch {
    return { error: 'Enter a full URL, such as http://127.0.0.1:3001/mcp.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'The URL must start with http:// or https://.' };
  const headers: Record<string, string> = {};
  for (const [i, line] of lines(draft.headers)) {
    const colon = line.indexOf(':');
    if (colon <= 0) return { error: `Header line ${i}: use "Name: value".` };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  const oauth = oauthFromDraft(draft.oauth);
  if ('error' in oauth) return oauth;
  return { target: { transport: draft.transport, url: url.href, headers, ...(oauth.oauth && { oauth: oauth.oauth }) } };
}

/** Non-empty lines with their 1-based line numbers. */
function lines(text: string): [number, string][] {
  return text
    .split('\n')
    .map((line, i): [number, string] => [i + 1, line.trimEnd()])
    .filter(([, line]) => line.trim() !== '');
}

export function sameDraft(a: TargetDraft, b: TargetDraft): boolean {
  if (a.transport !== b.transport) return false;
  if (a.transport === 'stdio') return a.command === b.command && a.args === b.args && a.env === b.env && a.cwd === b.cwd;
  return a.url === b.url && a.headers === b.headers && sameOAuthDraft(a.oauth, b.oauth);
}
