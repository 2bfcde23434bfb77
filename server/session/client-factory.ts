import {
  Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type ClientCapabilities,
  type ClientOptions,
  type OAuthClientProvider,
  type Transport,
} from '@modelcontextprotocol/client';
import { watchedFetch } from '../auth/challenge-fetch';
import { VERSION } from '../version';
import { APP_MIME_TYPE, APPS_EXTENSION, AUTHORIZATION_DENIALS_EXTENSION } from '../wire/proposals';
import type { SessionSettings, Target } from '../wire/target';
import { fetchWithoutDefaultLanguage } from './accept-language';
import { tappedFetch, type HttpExchange, type StreamRequest } from './http-tap';
import { SessionStdioTransport } from './sdk-internals';
import { tasksCapability } from './tasks/client-tasks';

export const CLIENT_INFO = { name: 'elicitation-inspector', version: VERSION };

const LEGACY_VERSIONS_FROM = {
  '2025-11-25': ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
  '2025-06-18': ['2025-06-18', '2025-03-26', '2024-11-05'],
} as const;

/**
 * The capabilities this client declares. A 2025-06-18 client declares
 * `elicitation: {}` (form only, the only mode that revision has); later ones
 * declare each enabled mode. `applyDefaults` is the SDK's own flag and goes out
 * on the wire inside `form`, which is why it is off unless asked for.
 */
export function clientCapabilities(settings: SessionSettings): ClientCapabilities {
  return { ...elicitationCapability(settings), ...clientRequestCapabilities(settings), ...tasksCapability(settings), ...extensionCapabilities(settings) };
}

/** The extensions of proposals switched on (docs/proposals.md); none by default. */
function extensionCapabilities(settings: SessionSettings): ClientCapabilities {
  const extensions: NonNullable<ClientCapabilities['extensions']> = {
    ...(settings.proposals.authorizationDenials && { [AUTHORIZATION_DENIALS_EXTENSION]: {} }),
    // SEP-3118: only with form mode, which app-rendered requests are (the proposal asks for both).
    ...(settings.proposals.appElicitation && settings.elicitation.form && { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE], elicitation: {} } }),
  };
  return Object.keys(extensions).length ? { extensions } : {};
}

function elicitationCapability(settings: SessionSettings): ClientCapabilities {
  const { form, url } = settings.elicitation;
  if (settings.protocol === '2025-06-18') return form ? { elicitation: {} } : {};
  if (!form && !url) return {};
  return {
    elicitation: {
      ...(form && { form: settings.applyDefaults ? { applyDefaults: true } : {} }),
      ...(url && { url: {} }),
    },
  };
}

/** Roots (and sampling) the person switched on; every revision in use has both. */
function clientRequestCapabilities(settings: SessionSettings): ClientCapabilities {
  // listChanged: editing the list while connected sends notifications/roots/list_changed.
  return {
    ...(settings.roots.enabled && { roots: { listChanged: true } }),
    ...(settings.sampling.enabled && { sampling: {} }),
  };
}

/** `probeTimeoutMs`: how long the 2026-07-28 version probe may wait (the SDK's default is the connect's request timeout). */
export function clientOptions(settings: SessionSettings, target: Target, onToolsChanged: () => void, probeTimeoutMs?: number): ClientOptions {
  const probe = probeTimeoutMs === undefined ? {} : { probe: { timeoutMs: probeTimeoutMs } };
  const options: ClientOptions = {
    capabilities: clientCapabilities(settings),
    // The inspector drives 2026-07-28 rounds itself, so each one is visible and answerable.
    inputRequired: { autoFulfill: false },
    listChanged: {
      tools: { autoRefresh: false, onChanged: () => onToolsChanged() },
      // The page lists prompts and resources itself when their notification shows in the log; these only make a
      // 2026-07-28 server send them (its subscriptions/listen filter names the lists a client follows).
      prompts: { autoRefresh: false, onChanged: () => undefined },
      resources: { autoRefresh: false, onChanged: () => undefined },
    },
  };
  switch (settings.protocol) {
    case 'auto':
      // Legacy SSE has no 2026-07-28 binding: probing it would only cost a round trip.
      if (target.transport !== 'sse') options.versionNegotiation = { mode: 'auto', ...probe };
      break;
    case '2026-07-28':
      options.versionNegotiation = { mode: { pin: '2026-07-28' }, ...probe };
      break;
    default:
      options.supportedProtocolVersions = [...LEGACY_VERSIONS_FROM[settings.protocol]];
  }
  return options;
}

export function createClient(settings: SessionSettings, target: Target, onToolsChanged: () => void, probeTimeoutMs?: number): Client {
  return new Client(CLIENT_INFO, clientOptions(settings, target, onToolsChanged, probeTimeoutMs));
}

export type TransportHooks = {
  /** SEP-2792: the Language setting; over HTTP every POST carries it as `Accept-Language`, the bytes each request's `_meta` carries. */
  acceptLanguage?: string;
  onHttp: (exchange: HttpExchange) => void;
  onStreamRequest?: (seen: StreamRequest) => void;
  /** OAuth (server/auth/): the provider once the server asked for it, and a look at each response for its challenge. */
  auth?: { provider: OAuthClientProvider | undefined; onResponse: (response: Response) => void };
};

/** The target's headers, with `Accept-Language` set to the Language setting when there is one (replacing any the target names). */
function requestHeaders(target: Target & { headers?: Record<string, string> }, acceptLanguage: string | undefined): Record<string, string> | undefined {
  if (!acceptLanguage) return target.headers;
  const kept = Object.entries(target.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'accept-language');
  return { ...Object.fromEntries(kept), 'Accept-Language': acceptLanguage };
}

export function createTransport(target: Target, hooks: TransportHooks): Transport {
  switch (target.transport) {
    case 'stdio':
      return new SessionStdioTransport({
        command: target.command,
        args: target.args,
        env: target.env,
        cwd: target.cwd,
        stderr: 'pipe',
      });
    case 'http':
      return new StreamableHTTPClientTransport(new URL(target.url), {
        requestInit: { headers: requestHeaders(target, hooks.acceptLanguage) },
        fetch: tappedFetch(hooks.onHttp, watchedFetch(fetchWithoutDefaultLanguage(), hooks.auth?.onResponse), hooks.onStreamRequest),
        ...(hooks.auth?.provider && { authProvider: hooks.auth.provider }),
      });
    case 'sse':
      return new SSEClientTransport(new URL(target.url), {
        requestInit: { headers: requestHeaders(target, hooks.acceptLanguage) },
        // The SSE GET goes through the same fetch, so it carries the headers and is logged too.
        fetch: tappedFetch(hooks.onHttp, watchedFetch(fetchWithoutDefaultLanguage(), hooks.auth?.onResponse)),
        ...(hooks.auth?.provider && { authProvider: hooks.auth.provider }),
      });
  }
}
