/**
 * SEP-3118, app-rendered elicitation: the commands that open a server's MCP App
 * view for a pending form request and report what the app did, and the schemas
 * every message the app posts is checked against (the MCP Apps postMessage
 * JSON-RPC protocol, as far as an elicitation needs it). docs/proposals.md.
 */
import { z } from 'zod';

const SessionRef = { sessionId: z.string().min(1) };

/** The most outside-the-protocol problems one app view reports; after that the rest go unreported. */
export const MAX_APP_PROBLEMS = 20;

/** The app view commands, for the ClientCommand union in commands.ts. */
export const APP_VIEW_COMMANDS = [
  /** Read the app a pending form request names (`_meta.ui.resourceUri`) from its server, and serve it to one sandboxed frame. */
  z.object({ type: z.literal('open-app-view'), id: z.number(), params: z.object({ ...SessionRef, key: z.string().min(1) }) }),
  /** What an app view tried outside the protocol, as the page saw it; each becomes an `app-outside-protocol` finding. */
  z.object({
    type: z.literal('report-app-view'),
    id: z.number(),
    params: z.object({ ...SessionRef, key: z.string().min(1), problems: z.array(z.string().min(1).max(500)).min(1).max(MAX_APP_PROBLEMS) }),
  }),
] as const;

/**
 * The reply to `open-app-view`: the app's sandbox proxy on the inspector's second origin, the app's
 * document for it, the nonce of the inspector's own monitor inside that document, and the declared
 * origins its CSP grants (`_meta.ui.csp`, server/session/apps/app-csp.ts).
 */
export type AppViewOpened = {
  /** The sandbox proxy's document: an absolute URL on the app origin, a loopback port of its own (server/http/app-origin.ts). */
  url: string;
  /** The app's HTML, the monitor first, which the page hands to the sandbox in `ui/notifications/sandbox-resource-ready`. */
  html: string;
  resourceUri: string;
  monitorNonce: string;
  readCallId: string;
  granted: { connectDomains: string[]; resourceDomains: string[] };
};

export type AppViewResults = { 'open-app-view': AppViewOpened; 'report-app-view': Record<string, never> };

/** The sandbox proxy's own notifications (MCP Apps 2026-01-26, "Sandbox proxy"): never forwarded between the page and the app. */
export const SANDBOX_METHOD_PREFIX = 'ui/notifications/sandbox-';
/** Sandbox → page: it listens, and can load the app's document. */
export const SANDBOX_PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
/** Page → sandbox: the app's HTML to load (`params.html`), once. */
export const SANDBOX_RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';

/** The key under which the inspector's monitor script (first in the app's document) posts what it saw. */
export const APP_MONITOR_KEY = 'elicitation-inspector/app-monitor';

export const AppMonitorMessageSchema = z.object({
  [APP_MONITOR_KEY]: z.string(),
  kind: z.enum(['error', 'csp']),
  detail: z.string().max(500),
});

const Id = z.union([z.string().max(200), z.number().int()]);
const Params = z.record(z.string(), z.unknown());

/** One message of the bridge: a request, a notification, or a response, JSON-RPC 2.0. */
export const AppMessageSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: Id, method: z.string().min(1).max(200), params: Params.optional() }),
  z.object({ jsonrpc: z.literal('2.0'), method: z.string().min(1).max(200), params: Params.optional() }),
  z.object({ jsonrpc: z.literal('2.0'), id: Id, result: Params }),
  z.object({ jsonrpc: z.literal('2.0'), id: Id.nullable(), error: z.object({ code: z.number().int(), message: z.string() }) }),
]);
export type AppMessage = z.infer<typeof AppMessageSchema>;

/** `ui/initialize` from the app: its name, the bridge revision it speaks, and what it can do (`elicitation` for this proposal). */
export const AppInitializeParamsSchema = z.object({
  protocolVersion: z.string().min(1).max(100),
  appInfo: z.object({ name: z.string().max(200), version: z.string().max(100) }),
  appCapabilities: z.looseObject({ elicitation: z.looseObject({}).optional() }),
});

/** `ui/notifications/size-changed`: the app's content size in CSS pixels. */
export const AppSizeSchema = z.object({ width: z.number().nonnegative().optional(), height: z.number().nonnegative().optional() });

/** The app's answer to the forwarded `elicitation/create`: a standard ElicitResult. */
export const AppElicitResultSchema = z.object({
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z.record(z.string(), z.unknown()).optional(),
  _meta: Params.optional(),
});
export type AppElicitResult = z.infer<typeof AppElicitResultSchema>;
