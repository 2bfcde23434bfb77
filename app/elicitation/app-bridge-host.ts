/**
 * The host side of the MCP Apps bridge for one app-rendered form request
 * (SEP-3118), with no DOM: the sandbox proxy's `ui/notifications/sandbox-proxy-ready`
 * is answered with the app's document, once; every message the app posts is checked by the wire's
 * schemas; `ui/initialize`, `ui/notifications/initialized`, size changes and
 * `ping` are answered; once the app has declared `elicitation`, the request goes
 * to it unchanged as `elicitation/create`, and its answer comes back as an
 * ElicitResult. Everything else is a problem the page reports as a finding.
 */
import {
  AppElicitResultSchema,
  AppInitializeParamsSchema,
  AppMessageSchema,
  AppSizeSchema,
  MAX_APP_PROBLEMS,
  SANDBOX_PROXY_READY,
  SANDBOX_RESOURCE_READY,
  type AppElicitResult,
  type AppMessage,
} from '@wire/app-bridge';
import { APPS_PROTOCOL_VERSION } from '@wire/proposals';

export type BridgeStage = 'loading' | 'initializing' | 'asked' | 'answered' | 'no-elicitation';

export type BridgeHost = {
  /** Post one message to the app's frame. */
  post(message: Record<string, unknown>): void;
  /** Something the app did outside the protocol, in words that follow "The app view ". */
  problem(text: string): void;
  stage(stage: BridgeStage, detail?: string): void;
  resize(height: number): void;
  answer(result: AppElicitResult): void;
};

const ELICIT_ID = 'elicitation-1';
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
/** The tallest a frame grows to on the app's word, CSS pixels. */
export const MAX_FRAME_HEIGHT = 900;

export class AppBridge {
  private current: BridgeStage = 'loading';
  private problems = 0;
  private hasElicitation = false;
  private isResourceSent = false;

  constructor(
    private readonly params: Record<string, unknown>,
    private readonly host: BridgeHost,
    private readonly hostContext: Record<string, unknown>,
    /** What `ui/notifications/sandbox-resource-ready` carries: the app's HTML, and the declared origins its CSP grants. */
    private readonly resource: { html: string; csp: Record<string, string[]> } = { html: '', csp: {} },
  ) {}

  get stage(): BridgeStage {
    return this.current;
  }

  /** One message from the app's frame (the page has already checked it came from that frame). */
  receive(data: unknown): void {
    const parsed = AppMessageSchema.safeParse(data);
    if (!parsed.success) return this.report(`posted a message that is not JSON-RPC 2.0 (${describe(data)})`);
    const message = parsed.data;
    if ('method' in message) {
      if ('id' in message) this.onRequest(message);
      else this.onNotification(message.method, message.params);
      return;
    }
    this.onResponse(message);
  }

  private onRequest(message: Extract<AppMessage, { method: string; id: unknown }>): void {
    const reply = (body: { result: Record<string, unknown> } | { error: { code: number; message: string } }) =>
      this.host.post({ jsonrpc: '2.0', id: message.id, ...body });
    if (message.method === 'ui/initialize') {
      if (this.current !== 'loading') return this.report('sent ui/initialize a second time');
      const init = AppInitializeParamsSchema.safeParse(message.params);
      if (!init.success) {
        reply({ error: { code: INVALID_PARAMS, message: 'ui/initialize needs protocolVersion, appInfo and appCapabilities' } });
        return this.report(`sent ui/initialize without protocolVersion, appInfo and appCapabilities (${firstIssue(init.error)})`);
      }
      this.hasElicitation = init.data.appCapabilities.elicitation !== undefined;
      this.current = 'initializing';
      this.host.stage('initializing', `${init.data.appInfo.name} ${init.data.appInfo.version}`);
      return reply({
        result: {
          protocolVersion: APPS_PROTOCOL_VERSION,
          hostInfo: { name: 'elicitation-inspector', version: '1' },
          hostCapabilities: { elicitation: {} },
          hostContext: this.hostContext,
        },
      });
    }
    if (message.method === 'ping') return reply({ result: {} });
    reply({ error: { code: METHOD_NOT_FOUND, message: `${message.method} is not offered to an app that renders a form` } });
    this.report(`asked for ${message.method}, which the inspector does not offer an app rendering a form (refused with ${METHOD_NOT_FOUND})`);
  }

  private onNotification(method: string, params: Record<string, unknown> | undefined): void {
    if (method === SANDBOX_PROXY_READY) {
      // The app shares the sandbox's origin and can reload it: its document is handed over once.
      if (this.isResourceSent) return this.report(`sent ${SANDBOX_PROXY_READY} again (the app is not loaded a second time)`);
      this.isResourceSent = true;
      return this.host.post({ jsonrpc: '2.0', method: SANDBOX_RESOURCE_READY, params: this.resource });
    }
    if (method === 'ui/notifications/initialized') {
      if (this.current !== 'initializing') return this.report('sent ui/notifications/initialized before ui/initialize was answered, or twice');
      if (!this.hasElicitation) {
        this.current = 'no-elicitation';
        return this.host.stage('no-elicitation');
      }
      this.current = 'asked';
      this.host.stage('asked');
      return this.host.post({ jsonrpc: '2.0', id: ELICIT_ID, method: 'elicitation/create', params: this.params });
    }
    if (method === 'ui/notifications/size-changed') {
      const size = AppSizeSchema.safeParse(params ?? {});
      if (!size.success) return this.report('sent ui/notifications/size-changed without a numeric height or width');
      if (size.data.height !== undefined) this.host.resize(Math.min(MAX_FRAME_HEIGHT, Math.ceil(size.data.height)));
      return;
    }
    this.report(`sent the notification ${method}, which the inspector does not take from an app rendering a form`);
  }

  private onResponse(message: Extract<AppMessage, { result: unknown } | { error: unknown }>): void {
    if (message.id !== ELICIT_ID || this.current !== 'asked') {
      return this.report(`answered a request it was not asked (${JSON.stringify(message.id)})${this.current === 'answered' ? ' after it had answered' : ''}`);
    }
    if ('error' in message) {
      this.current = 'answered';
      return this.host.stage('answered', `the app failed the request: ${message.error.message}`);
    }
    const result = AppElicitResultSchema.safeParse(message.result);
    if (!result.success) return this.report(`answered elicitation/create with something that is not an ElicitResult (${firstIssue(result.error)})`);
    this.current = 'answered';
    this.host.answer(result.data);
  }

  private report(text: string): void {
    this.problems++;
    if (this.problems <= MAX_APP_PROBLEMS) this.host.problem(text);
  }
}

function describe(data: unknown): string {
  const text = typeof data === 'string' ? JSON.stringify(data) : safeJson(data);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function safeJson(data: unknown): string {
  try {
    return JSON.stringify(data) ?? String(data);
  } catch {
    return Object.prototype.toString.call(data);
  }
}

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || 'message'}: ${issue.message}` : 'malformed';
}
