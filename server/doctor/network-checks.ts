/**
 * The steps under an MCP connection, checked one at a time so a failure names
 * its layer: for a command, found and started; for a URL, DNS, TCP, TLS, the
 * HTTP answer to an initialize, and (on a 401) the OAuth discovery documents.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { isIP, connect as tcpConnect } from 'node:net';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import type { Target } from '../wire/target';
import type { DoctorCheck } from '../wire/doctor';

export const STEP_TIMEOUT_MS = 5_000;

/** A step's result; `wantsAuth` marks an HTTP answer that asks for credentials, so discovery is checked next. */
export type CheckResult = Omit<DoctorCheck, 'step'> & { wantsAuth?: boolean };
type CheckFn = () => Promise<CheckResult>;

/** Run steps in order; after the first failure the rest are skipped (they would fail for the same reason). */
export async function runSteps(steps: [string, CheckFn][]): Promise<(DoctorCheck & { wantsAuth?: boolean })[]> {
  const checks: (DoctorCheck & { wantsAuth?: boolean })[] = [];
  let failed = false;
  for (const [step, run] of steps) {
    if (failed) {
      checks.push({ step, status: 'skipped', detail: 'Not tried: an earlier step failed.' });
      continue;
    }
    let result: CheckResult;
    try {
      result = await run();
    } catch (error) {
      result = { status: 'failed', detail: `The check itself failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    const { wantsAuth, ...check } = result;
    checks.push({ step, ...check, ...(wantsAuth && { wantsAuth }) });
    failed = result.status === 'failed';
  }
  return checks;
}

export function commandSteps(target: Extract<Target, { transport: 'stdio' }>): [string, CheckFn][] {
  return [
    ['Working directory', async () => checkCwd(target.cwd)],
    ['Command found', async () => findCommand(target.command, target.cwd, target.env)],
    ['Command starts', () => startsAndStays(target)],
  ];
}

function checkCwd(cwd: string | undefined): Omit<DoctorCheck, 'step'> {
  if (!cwd) return { status: 'passed', detail: `None given: the inspector's own (${process.cwd()}).` };
  try {
    if (statSync(cwd).isDirectory()) return { status: 'passed', detail: cwd };
    return { status: 'failed', detail: `${cwd} is not a folder.`, hint: 'Give a folder as the working directory.' };
  } catch {
    return { status: 'failed', detail: `${cwd} does not exist.`, hint: 'Create it, or fix the working directory.' };
  }
}

function findCommand(command: string, cwd: string | undefined, env: Record<string, string>): Omit<DoctorCheck, 'step'> {
  const executable = (path: string) => {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/') || command.includes('\\')) {
    const path = isAbsolute(command) ? command : resolve(cwd ?? process.cwd(), command);
    return executable(path)
      ? { status: 'passed', detail: path }
      : { status: 'failed', detail: `${path} is not an executable file.`, hint: 'Check the path, and that the file is executable (chmod +x).' };
  }
  const pathVar = env.PATH ?? process.env.PATH ?? '';
  const extensions = process.platform === 'win32' ? (process.env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const folder of pathVar.split(delimiter).filter(Boolean)) {
    for (const ext of extensions) {
      const path = join(folder, command + ext);
      if (executable(path)) return { status: 'passed', detail: path };
    }
  }
  return {
    status: 'failed',
    detail: `"${command}" is not on the PATH the server would get.`,
    hint: 'Install it, or give its full path as the command.',
  };
}

/**
 * Start the command, send it an initialize, and watch until it answers on stdout, exits, or
 * the step's time is up. A fixed second was too short: `npx` fails after its registry lookup.
 */
function startsAndStays(target: Extract<Target, { transport: 'stdio' }>): Promise<Omit<DoctorCheck, 'step'>> {
  return new Promise((done) => {
    let stderr = '';
    let stdout = '';
    const child = spawn(target.command, target.args, {
      cwd: target.cwd,
      env: { ...process.env, ...target.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < 4000) stderr += text;
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      stdout = (stdout + text).slice(-100_000);
      const lines = stdout.split('\n');
      stdout = lines.pop() ?? '';
      if (lines.some(isJsonLine)) finish({ status: 'passed', detail: `Started (pid ${child.pid}) and answered initialize on stdout.` });
    });
    const finish = (result: Omit<DoctorCheck, 'step'>) => {
      clearTimeout(timer);
      child.removeAllListeners();
      child.stdout.removeAllListeners();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      done(result);
    };
    const timer = setTimeout(
      () => finish({ status: 'passed', detail: `Started (pid ${child.pid}) and still running after ${STEP_TIMEOUT_MS / 1000} s, with no answer yet.` }),
      STEP_TIMEOUT_MS,
    );
    child.on('error', (error) => finish({ status: 'failed', detail: `Could not start: ${error.message}.` }));
    child.on('exit', (code, signal) =>
      finish({
        status: 'failed',
        detail: `It ${signal ? `was killed by ${signal}` : `exited with code ${code}`} before answering initialize.`,
        hint: 'Read its stderr below: a stdio server must keep running and read JSON-RPC from stdin.',
        ...(stderr.trim() && { output: stderr.trim().slice(-2000) }),
      }),
    );
    // A server that exits before reading it makes the write fail; its exit is what is reported.
    child.stdin.on('error', () => undefined);
    child.stdin.write(`${JSON.stringify(initializeRequest('doctor-start'))}\n`);
  });
}

function isJsonLine(line: string): boolean {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false; // a banner or a log line on stdout: not an answer, keep watching
  }
}

/** The initialize a 2025 client sends first, for a check to see whether anything answers. */
function initializeRequest(id: string) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'elicitation-inspector-doctor', version: '1' } },
  };
}

export function urlSteps(target: Extract<Target, { transport: 'http' | 'sse' }>): [string, CheckFn][] {
  const url = new URL(target.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const steps: [string, CheckFn][] = [
    ['DNS', () => resolveHost(host)],
    ['TCP', () => openTcp(host, port)],
  ];
  if (url.protocol === 'https:') steps.push(['TLS', () => openTls(host, port)]);
  steps.push(['HTTP', () => httpAnswer(target)]);
  return steps;
}

async function resolveHost(host: string): Promise<Omit<DoctorCheck, 'step'>> {
  try {
    const addresses = await lookup(host, { all: true });
    return { status: 'passed', detail: `${host} is ${addresses.map((a) => a.address).join(', ')}` };
  } catch (error) {
    return {
      status: 'failed',
      detail: `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
      hint: 'Check the host name for typos.',
    };
  }
}

function openTcp(host: string, port: number): Promise<Omit<DoctorCheck, 'step'>> {
  return new Promise((done) => {
    const socket = tcpConnect({ host, port });
    const finish = (result: Omit<DoctorCheck, 'step'>) => {
      socket.destroy();
      done(result);
    };
    socket.setTimeout(STEP_TIMEOUT_MS, () =>
      finish({ status: 'failed', detail: `No answer from ${host}:${port} within ${STEP_TIMEOUT_MS / 1000} s.`, hint: 'A firewall, or the wrong host.' }),
    );
    socket.once('connect', () => finish({ status: 'passed', detail: `${host}:${port} accepts connections.` }));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish({
        status: 'failed',
        detail: error.code === 'ECONNREFUSED' ? `Nothing listens on ${host}:${port} (connection refused).` : `${host}:${port}: ${error.message}`,
        hint: error.code === 'ECONNREFUSED' ? 'Start the server, or check the port.' : undefined,
      }),
    );
  });
}

const TLS_PROBLEMS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'the certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'a certificate in the chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the certificate cannot be verified (an intermediate certificate is missing)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the certificate's issuer is not trusted here",
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is for another host name',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
};

function openTls(host: string, port: number): Promise<Omit<DoctorCheck, 'step'>> {
  return new Promise((done) => {
    // SNI carries host names only; an IP address there is refused by Node.
    const socket = tlsConnect({ host, port, ...(!isIP(host) && { servername: host }) });
    const finish = (result: Omit<DoctorCheck, 'step'>) => {
      socket.destroy();
      done(result);
    };
    socket.setTimeout(STEP_TIMEOUT_MS, () => finish({ status: 'failed', detail: `No TLS handshake within ${STEP_TIMEOUT_MS / 1000} s.` }));
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      finish({
        status: 'passed',
        detail: `${socket.getProtocol() ?? 'TLS'}; certificate for ${String(cert.subject?.CN ?? host)}, valid until ${cert.valid_to}.`,
      });
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const problem = (error.code && TLS_PROBLEMS[error.code]) ?? error.message;
      finish({
        status: 'failed',
        detail: `TLS failed: ${problem}${error.code ? ` (${error.code})` : ''}.`,
        hint: 'Fix the certificate; for a local test certificate, start the inspector with NODE_EXTRA_CA_CERTS=<ca.pem>.',
      });
    });
  });
}

/** What the endpoint says to an initialize (Streamable HTTP) or a stream request (SSE). */
async function httpAnswer(target: Extract<Target, { transport: 'http' | 'sse' }>): Promise<CheckResult> {
  const headers = new Headers(target.headers);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), STEP_TIMEOUT_MS);
  try {
    const response =
      target.transport === 'sse'
        ? await fetch(target.url, { headers: withHeader(headers, 'accept', 'text/event-stream'), signal: controller.signal })
        : await fetch(target.url, {
            method: 'POST',
            headers: withHeader(withHeader(headers, 'accept', 'application/json, text/event-stream'), 'content-type', 'application/json'),
            body: JSON.stringify(initializeRequest('doctor-1')),
            signal: controller.signal,
          });
    void response.body?.cancel();
    const status = `${response.status} ${response.statusText}`.trim();
    if (response.ok) return { status: 'passed', detail: `HTTP ${status} (${response.headers.get('content-type') ?? 'no content type'}).` };
    if (response.status === 401 || response.status === 403) {
      return {
        status: 'failed',
        detail: `HTTP ${status}: the server wants credentials.${response.headers.get('www-authenticate') ? ` WWW-Authenticate: ${response.headers.get('www-authenticate')}` : ''}`,
        hint: 'Add an Authorization header (--header "Authorization: Bearer …").',
        wantsAuth: true,
      };
    }
    // A POST to an SSE endpoint gets a 404 or a 405: the path is right, the transport is not.
    const isSseEndpoint = target.transport === 'http' && /\/sse\/?$/i.test(new URL(target.url).pathname);
    const sseHint = 'This looks like an SSE endpoint (its path ends in /sse): connect with --transport sse, or "type": "sse" in a config file.';
    const hints: Record<number, string> = {
      404: isSseEndpoint ? sseHint : `Nothing at this path: MCP endpoints are often /mcp (Streamable HTTP) or /sse (SSE).`,
      405: isSseEndpoint
        ? sseHint
        : target.transport === 'http'
          ? 'The endpoint does not take POST: is it an SSE server? Try --transport sse.'
          : 'The endpoint does not take GET.',
      406: 'The server refused the Accept header the MCP transports send.',
    };
    return { status: 'failed', detail: `HTTP ${status}.`, hint: hints[response.status] };
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return {
      status: 'failed',
      detail: controller.signal.aborted ? `No HTTP answer within ${STEP_TIMEOUT_MS / 1000} s.` : `HTTP request failed: ${cause ?? (error as Error).message}.`,
    };
  } finally {
    clearTimeout(timer);
  }
}

function withHeader(headers: Headers, name: string, value: string): Headers {
  if (!headers.has(name)) headers.set(name, value);
  return headers;
}
