/**
 * What the inspector runs once its port is open (cli.ts opens it with node:http alone, and says where):
 * the session registry, the proxy's app on that port, the taps and recorded files, the first connect,
 * and stopping. Loaded after the port is open, so that zod, hono, ws and the session code are not
 * on the path to it; a page opened at once waits for this module, not for a refusal.
 */
import type { CliOptions } from './cli-args';
import type { ConfigChoice } from './config-target';
import { setCallbackOrigin } from './auth/callbacks';
import { demoTarget } from './demo/demo-target';
import type { Listening } from './http/listen';
import { serveProxy } from './http/server';
import { sendTracesOnSessionEnd } from './otlp-on-end';
import type { ConfiguredServers } from './registry/configured-servers';
import { SessionRegistry } from './registry/session-registry';
import { VERSION } from './version';
import { SessionSettingsSchema, TargetSchema, type SessionSettingsInput } from './wire/target';

export type InspectorStart = {
  options: CliOptions;
  token: string;
  dataDir: string;
  /** Takes back the data folder's note that this inspector runs (written before the URL was printed). */
  unannounce: () => void;
  settings: SessionSettingsInput;
  config: ConfigChoice | undefined;
  configured: ConfiguredServers | undefined;
};

export function serveInspector(listening: Listening, start: InspectorStart): { stop(): Promise<void> } {
  const { options, config, configured } = start;
  // Before any connect: a sign-in's redirect URI is this port's callback (headless runs have none).
  setCallbackOrigin(listening.url);
  const settings = SessionSettingsSchema.parse(start.settings);
  const registry = new SessionRegistry({ dataDir: start.dataDir });
  registry.configured = configured;
  // Rules given at start answer in every session the page opens, not only the first (until the person changes them).
  if (start.settings.rules) registry.standBy(settings.rules);
  const otlp = options.otlp ? sendTracesOnSessionEnd(registry, options.otlp, (line) => void process.stderr.write(`${line}\n`)) : undefined;
  // Taps first, so that one starting while the earlier files are listed is not missed.
  registry.followTaps();
  void registry.loadRecorded();
  if (config?.chosen && configured) {
    void registry.connect(configured.target(config.chosen.name), settings);
  } else if (!config && options.target !== null) {
    const target = options.target === undefined ? demoTarget() : TargetSchema.parse(options.target);
    void registry.connect(target, settings, options.target === undefined);
  }
  // Last: what waited for the port is answered now, by the registry as it stands after the start.
  const server = serveProxy(listening, {
    registry,
    token: start.token,
    host: options.host,
    allowAnyHost: options.allowAllInterfaces,
    version: VERSION,
    onClientCount: idleCloser(registry, options.idleCloseMs),
  });
  return {
    async stop() {
      start.unannounce();
      await registry.closeAll('proxy-exit');
      await otlp?.flush();
      await server.close();
    },
  };
}

/** Close live sessions once no page has watched them for a while, so no server process outlives its page. */
function idleCloser(registry: SessionRegistry, idleCloseMs: number): (count: number) => void {
  let timer: NodeJS.Timeout | undefined;
  return (count) => {
    clearTimeout(timer);
    if (count === 0 && idleCloseMs > 0) timer = setTimeout(() => void registry.closeAll('idle'), idleCloseMs);
  };
}
