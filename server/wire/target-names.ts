/**
 * A target named for people: titles, lists and tooltips. Apart from target.ts (zod
 * schemas) so the page's first script can name the session without the schemas.
 */
import type { TapHost, TargetSummary } from './target';

/** What naming a target reads: a summary or a target as typed, secrets or not. */
type NamedTarget = { transport: 'stdio'; command: string; args: readonly string[]; isDemo?: boolean } | { transport: 'http' | 'sse'; url: string };

/** One short line naming a target, for titles and lists: long absolute paths keep their last parts. */
export function describeTarget(target: NamedTarget): string {
  if (target.transport === 'stdio') {
    if (target.isDemo) return 'Demo server (stdio)';
    return [target.command, ...target.args].map(shortenPath).join(' ');
  }
  return `${target.url} (${target.transport === 'http' ? 'Streamable HTTP' : 'SSE'})`;
}

/** The whole command line, for a tooltip. */
export function fullTarget(target: NamedTarget): string {
  return target.transport === 'stdio' ? [target.command, ...target.args].join(' ') : target.url;
}

function shortenPath(part: string): string {
  const path = part.startsWith('file://') ? part.slice('file://'.length) : part;
  if (!/^(\/|[A-Za-z]:[\\/])/.test(path)) return part;
  const segments = path.split(/[\\/]/).filter(Boolean);
  if (segments.length <= 1) return part;
  return segments.length <= 3 ? part : `…/${segments.slice(-3).join('/')}`;
}

/** The host of a tapped session, or undefined for a session the inspector drives itself. */
export function tapHostOf(target: TargetSummary | undefined): TapHost | undefined {
  return target?.host;
}

/** "Claude Desktop 0.9.2": the host as its clientInfo names it. */
export function describeHost(host: TapHost): string {
  const info = host.clientInfo;
  if (!info) return 'an unnamed host';
  const name = typeof info.title === 'string' ? info.title : info.name;
  return info.version ? `${name} ${info.version}` : name;
}

/** "form and url", "form", "no elicitation": the elicitation modes a host declared (2025-06-18's `{}` is form). */
export function describeDeclaredModes(host: TapHost): string {
  const elicitation = host.capabilities?.elicitation;
  if (typeof elicitation !== 'object' || elicitation === null) return 'no elicitation';
  const modes = elicitation as Record<string, unknown>;
  const hasUrl = modes.url !== undefined;
  const hasForm = modes.form !== undefined || !hasUrl;
  return [hasForm && 'form', hasUrl && 'url'].filter(Boolean).join(' and ');
}
