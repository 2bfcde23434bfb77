import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { HELP, parseCli, UsageError, type CliOptions } from './cli-args';
import { demoTarget } from './demo/demo-target';
import { startProxyServer } from './http/server';
import { newToken, TOKEN_ENV } from './http/security';
import { installLastGuard } from './last-guard';
import { SessionRegistry } from './session/session-registry';
import { VERSION } from './version';
import { SessionSettingsSchema, TargetSchema } from './wire/target';

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'demo') {
    const { runDemo } = await import('./automation/demo-cli');
    const write = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);
    process.exitCode = await runDemo(argv.slice(1), { stdout: write(process.stdout), stderr: write(process.stderr) });
    return;
  }
  if (argv[0] === 'export-spec') {
    const { runExportSpec } = await import('./automation/export-spec-cli');
    const write = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);
    process.exitCode = await runExportSpec(argv.slice(1), { stdout: write(process.stdout), stderr: write(process.stderr) });
    return;
  }
  let options: CliOptions;
  try {
    options = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`elicitation-inspector: ${error.message}\nRun with --help for usage.\n`);
    process.exit(2);
  }
  if (options.help) return void process.stdout.write(`${HELP}\n`);
  if (options.version) return void process.stdout.write(`${VERSION}\n`);

  const token = process.env[TOKEN_ENV] || newToken();
  if (!/^[A-Za-z0-9._~-]{16,256}$/.test(token)) {
    process.stderr.write(
      `elicitation-inspector: ${TOKEN_ENV} must be 16 to 256 characters of A-Z a-z 0-9 . _ ~ -; it guards a proxy that can start programs.\n`,
    );
    process.exit(2);
  }
  const registry = new SessionRegistry({ dataDir: options.dataDir ?? join(homedir(), '.elicitation-inspector', 'sessions') });
  const idle = idleCloser(registry, options.idleCloseMs);
  let server;
  try {
    server = await startProxyServer({
      registry,
      token,
      host: options.host,
      port: options.port,
      allowAnyHost: options.allowAllInterfaces,
      version: VERSION,
      onClientCount: idle,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const hint = code === 'EADDRINUSE' ? ` Port ${options.port} is in use: pass --port <n>, or --port 0 for any free port.` : '';
    process.stderr.write(`elicitation-inspector: could not listen on ${options.host}:${options.port}: ${(error as Error).message}.${hint}\n`);
    process.exit(1);
  }

  // From here on pages and sessions depend on this process: a stray error is reported, never fatal.
  installLastGuard();
  void registry.loadRecorded();
  if (options.target !== null) {
    const settings = SessionSettingsSchema.parse({ protocol: options.protocol, requestTimeoutMs: options.timeoutMs, elicitation: options.elicitation });
    const target = options.target === undefined ? demoTarget() : TargetSchema.parse(options.target);
    void registry.connect(target, settings, options.target === undefined);
  }

  // The token rides in the fragment: browsers never send it to a server, nor in a Referer.
  const url = `${server.url}#token=${token}`;
  if (options.allowAllInterfaces) {
    process.stderr.write('WARNING: listening on all network interfaces. Anyone who can reach this port and learns the token can run commands here.\n');
  }
  process.stdout.write(`Elicitation Inspector ${VERSION} is listening on ${server.url}\nOpen: ${url}\n`);
  if (options.open) openBrowser(url);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      process.stderr.write(`Second ${signal}: exiting now.\n`);
      process.exit(130);
    }
    stopping = true;
    await registry.closeAll('proxy-exit');
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
}

/** Close live sessions once no page has watched them for a while, so no server process outlives its page. */
function idleCloser(registry: SessionRegistry, idleCloseMs: number): (count: number) => void {
  let timer: NodeJS.Timeout | undefined;
  return (count) => {
    clearTimeout(timer);
    if (count === 0 && idleCloseMs > 0) timer = setTimeout(() => void registry.closeAll('idle'), idleCloseMs);
  };
}

function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => process.stdout.write('(Could not open a browser: open the URL above yourself.)\n'));
    child.unref();
  } catch {
    process.stdout.write('(Could not open a browser: open the URL above yourself.)\n');
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`elicitation-inspector: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
