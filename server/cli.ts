import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parseCli, UsageError, type CliOptions } from './cli-args';
import { asksForHelp, commandHelp, inspectorHelp, unknownCommand } from './cli-help';
import { commandNamed } from './commands';
import type { ConfigChoice } from './config-target';
import { listen, type Listening } from './http/listen';
import { newToken, TOKEN_ENV } from './http/security';
import { installLastGuard } from './last-guard';
import { entryFile } from './runtime';
import { announceRunning, DEFAULT_DATA_DIR } from './store/data-dir';
import { watchParent } from './parent-watch';
import { VERSION } from './version';
import type { RuleSet } from './wire/rules';

async function main(argv: string[]): Promise<void> {
  // A first argument that is not an option names a command; the inspector's own arguments are all options.
  if (argv[0] !== undefined && !argv[0].startsWith('-')) return runCommand(argv[0], argv.slice(1));
  let options: CliOptions;
  try {
    options = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`elicitation-inspector: ${error.message}\nRun with --help for usage.\n`);
    process.exit(2);
  }
  if (options.help) return void process.stdout.write(inspectorHelp());
  if (options.version) return void process.stdout.write(`${VERSION}\n`);
  // What the start needs only for the options given is read only when they are: the schemas (zod),
  // the session code and the proxy's app load after the port is open (serve-inspector.ts).
  let rules: RuleSet | undefined;
  try {
    if (options.rulesFile !== undefined) {
      const { readRulesFile } = await import('./rules/rules-file');
      rules = readRulesFile(options.rulesFile);
    }
  } catch (error) {
    const { RulesFileError } = await import('./rules/rules-file');
    if (!(error instanceof RulesFileError)) throw error;
    process.stderr.write(`elicitation-inspector: --rules ${error.message}\n`);
    process.exit(2);
  }
  let config: ConfigChoice | undefined;
  try {
    if (options.config) config = (await import('./config-target')).readConfigTargets(options.config.file, options.config.server);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`elicitation-inspector: ${error.message}\n`);
    process.exit(2);
  }
  const configured =
    config && options.config
      ? new (await import('./registry/configured-servers')).ConfiguredServers(options.config.file, config.servers, config.notes)
      : undefined;
  for (const note of configured?.summary().notes ?? []) process.stderr.write(`note: ${note}\n`);
  for (const server of configured?.summary().servers ?? []) for (const note of server.notes) process.stderr.write(`note: server "${server.name}": ${note}\n`);
  if (config?.chosen && !configured?.names.includes(config.chosen.name)) {
    process.stderr.write(`elicitation-inspector: --config ${options.config?.file}: server "${config.chosen.name}" cannot be used (see the note above).\n`);
    process.exit(2);
  }

  if (options.check) {
    const { SessionSettingsSchema, TargetSchema } = await import('./wire/target');
    const { formatIssues } = await import('./wire/commands');
    const { demoTarget } = await import('./demo/demo-target');
    const chosen = configured && config?.chosen ? configured.target(config.chosen.name) : undefined;
    const parsed = options.target ? TargetSchema.safeParse(options.target) : undefined;
    if (parsed && !parsed.success) {
      process.stderr.write(`elicitation-inspector: ${formatIssues(parsed.error.issues)}\n`);
      process.exit(2);
    }
    const target = chosen ?? parsed?.data ?? (options.target === undefined && !config ? demoTarget() : undefined);
    if (!target) {
      process.stderr.write('elicitation-inspector: --check needs one server: a command after --, --url, or --config with --server.\n');
      process.exit(2);
    }
    const { diagnose } = await import('./doctor/doctor');
    const { printReport } = await import('./doctor/print-report');
    const report = await diagnose(target, SessionSettingsSchema.parse(sessionSettings(options, rules)));
    process.stdout.write(printReport(report));
    process.exit(report.isHealthy ? 0 : 1);
  }

  const token = process.env[TOKEN_ENV] || newToken();
  if (!/^[A-Za-z0-9._~-]{16,256}$/.test(token)) {
    process.stderr.write(
      `elicitation-inspector: ${TOKEN_ENV} must be 16 to 256 characters of A-Z a-z 0-9 . _ ~ -; it guards a proxy that can start programs.\n`,
    );
    process.exit(2);
  }
  let listening: Listening;
  try {
    listening = await listen(options.host, options.port);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const hint = code === 'EADDRINUSE' ? ` Port ${options.port} is in use: pass --port <n>, or --port 0 for any free port.` : '';
    process.stderr.write(`elicitation-inspector: could not listen on ${options.host}:${options.port}: ${(error as Error).message}.${hint}\n`);
    process.exit(1);
  }

  // From here on pages and sessions depend on this process: a stray error is reported, never fatal.
  installLastGuard();
  if (config && !config.chosen) {
    process.stdout.write(
      `${options.config?.file} has ${config.servers.length} servers; pick one in the page, or pass --server <name>: ${config.servers.map((s) => s.name).join(', ')}.\n`,
    );
  }
  // The token rides in the fragment: browsers never send it to a server, nor in a Referer.
  const url = `${listening.pageUrl}#token=${token}`;
  if (options.allowAllInterfaces) {
    process.stderr.write('WARNING: listening on all network interfaces. Anyone who can reach this port and learns the token can run commands here.\n');
  }
  // Before the URL is printed: a tap started as soon as the inspector says it is ready must find it.
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const unannounce = announceRunning(dataDir, { pid: process.pid, url: listening.url, version: VERSION });
  process.stdout.write(`Elicitation Inspector ${VERSION} is listening on ${listening.url}\nOpen: ${url}\n`);
  if (options.open) openBrowser(url);

  // A page opened at once waits for these: the page's files first, then the proxy's app and its sessions.
  const { isPagePath, pageListener } = await import('./http/page-app');
  listening.servePage(
    isPagePath,
    pageListener(() => ({ port: listening.port, anyHost: options.allowAllInterfaces }), options.host, listening.apps.origin),
  );
  const { serveInspector } = await import('./serve-inspector');
  const inspector = serveInspector(listening, {
    options,
    token,
    dataDir,
    unannounce,
    settings: sessionSettings(options, rules),
    config,
    configured,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      process.stderr.write(`Second ${signal}: exiting now.\n`);
      process.exit(130);
    }
    stopping = true;
    await inspector.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
  watchParent(() => {
    process.stderr.write('elicitation-inspector: the process that started it has ended; stopping.\n');
    void stop('parent exit');
  });
}

/** A command of the table (commands.ts), run instead of the inspector; a word that names none is a usage error. */
async function runCommand(word: string, argv: string[]): Promise<void> {
  const command = commandNamed(word);
  if (!command) {
    process.stderr.write(unknownCommand(word));
    process.exit(2);
  }
  if (asksForHelp(argv)) return void process.stdout.write(commandHelp(command));
  if ('entry' in command) return void (await import(pathToFileURL(entryFile(command.entry.bundle, command.entry.source)).href));
  const code = await command.run(argv);
  // Exit once stdout has taken everything: a CI log cut short would hide the verdict.
  process.stdout.write('', () => process.exit(code));
}

/** The session settings the options ask for, as SessionSettingsSchema reads them. */
function sessionSettings(options: CliOptions, rules: RuleSet | undefined) {
  return {
    protocol: options.protocol,
    requestTimeoutMs: options.timeoutMs,
    elicitation: options.elicitation,
    ...(rules && { rules }),
    ...(options.roots.length && { roots: { enabled: true, list: options.roots } }),
    sampling: { enabled: options.sampling },
    tasks: { enabled: options.tasks },
    ...(options.keepFileBytes && { proposals: { keepFileBytes: true } }),
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
