/**
 * The connection doctor, one failing step at a time, against real processes and
 * sockets: each failure names its step and says what to do; the steps after it
 * are skipped, not guessed. And a healthy server passes every step.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, demoStdio, startDemoHttp, startEverything, startHttpTarget, targetStdio, type Started } from '../../e2e/support/processes';
import { diagnose } from '../doctor/doctor';
import { printReport } from '../doctor/print-report';
import { DEFAULT_SETTINGS, type Target } from '../wire/target';

const started: Started[] = [];
afterAll(async () => {
  for (const process of started) await process.stop();
});

/** The OAuth server the discovery tests only read from, started once for them. */
let oauthServer: ReturnType<typeof startHttpTarget> | undefined;
const sharedOAuthServer = () => (oauthServer ??= startHttpTarget('oauth-server').then((server) => (started.push(server), server)));

async function failedStep(target: Target) {
  const report = await diagnose(target, DEFAULT_SETTINGS);
  const failed = report.checks.find((check) => check.status === 'failed');
  const after = report.checks.slice(report.checks.findIndex((check) => check === failed) + 1);
  return { report, failed, after };
}

describe('the connection doctor', () => {
  it('a healthy stdio server passes every step, up to the handshake and its protocol version', async () => {
    const report = await diagnose({ transport: 'stdio', env: {}, ...demoStdio() }, DEFAULT_SETTINGS);
    expect(report.checks.map((check) => [check.step, check.status])).toEqual([
      ['Working directory', 'passed'],
      ['Command found', 'passed'],
      ['Command starts', 'passed'],
      ['MCP handshake', 'passed'],
      ['Protocol version', 'passed'],
    ]);
    expect(report.isHealthy).toBe(true);
    expect(printReport(report)).toContain('Every check passed.');
  });

  it('a missing command fails at "Command found", and nothing after it is tried', async () => {
    const { failed, after } = await failedStep({ transport: 'stdio', command: 'no-such-mcp-server-xyz', args: [], env: {} });
    expect(failed).toMatchObject({ step: 'Command found', hint: expect.stringContaining('full path') });
    expect(after.map((check) => check.status)).toEqual(['skipped', 'skipped']);
  });

  it('a command that exits at once fails at "Command starts", with its stderr', async () => {
    const { failed } = await failedStep({
      transport: 'stdio',
      command: process.execPath,
      args: ['-e', 'console.error("missing API_KEY"); process.exit(3)'],
      env: {},
    });
    expect(failed).toMatchObject({ step: 'Command starts', detail: expect.stringContaining('exited with code 3'), output: 'missing API_KEY' });
  });

  it('a command that fails after a second and a half, as npx does, fails at "Command starts" with its stderr', async () => {
    // Plain node, not a TypeScript target through tsx: on a busy machine tsx's own start took the
    // process past the step's 5 s before its 1.5 s had even begun.
    const failsLate = `process.stdin.resume(); setTimeout(() => { process.stderr.write('npm error code E404\\nnpm error 404 Not Found - GET https://registry.npmjs.org/no-such-mcp-server\\n'); process.exit(1); }, 1500);`;
    const { failed } = await failedStep({ transport: 'stdio', command: process.execPath, args: ['-e', failsLate], env: {} });
    expect(failed).toMatchObject({
      step: 'Command starts',
      detail: expect.stringContaining('exited with code 1'),
      output: expect.stringContaining('npm error 404'),
    });
  });

  it('a refused port fails at "TCP"', async () => {
    const { failed } = await failedStep({ transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} });
    expect(failed).toMatchObject({ step: 'TCP', detail: expect.stringContaining('connection refused') });
  });

  it('a self-signed certificate fails at "TLS", named', async () => {
    const tls = join(ROOT, 'e2e/targets/tls');
    const server = createHttpsServer(
      { key: readFileSync(join(tls, 'self-signed-key.pem')), cert: readFileSync(join(tls, 'self-signed-cert.pem')) },
      (_req, res) => res.end('{}'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { failed } = await failedStep({ transport: 'http', url: `https://127.0.0.1:${port}/mcp`, headers: {} });
      expect(failed).toMatchObject({ step: 'TLS', detail: expect.stringContaining('the certificate is self-signed') });
    } finally {
      server.close();
    }
  });

  it('a wrong path fails at "HTTP" with 404 and where MCP endpoints usually are', async () => {
    const demo = await startDemoHttp();
    started.push(demo);
    const { failed } = await failedStep({ transport: 'http', url: demo.url.replace(/\/mcp$/, '/nope'), headers: {} });
    expect(failed).toMatchObject({ step: 'HTTP', detail: expect.stringContaining('404'), hint: expect.stringContaining('/mcp') });
  });

  it('an SSE endpoint reached as Streamable HTTP fails at "HTTP" and suggests the SSE transport, not the /sse it has', async () => {
    const everything = await startEverything('sse');
    started.push(everything);
    const { failed } = await failedStep({ transport: 'http', url: everything.url, headers: {} });
    expect(failed?.step).toBe('HTTP');
    expect(failed?.hint).toContain('--transport sse');
    expect(failed?.hint).not.toContain('often /mcp');
    expect((await diagnose({ transport: 'sse', url: everything.url, headers: {} }, DEFAULT_SETTINGS)).isHealthy).toBe(true);
  });

  it('a 401 without metadata fails at "HTTP", then says discovery found nothing', async () => {
    const auth = await startHttpTarget('http-auth');
    started.push(auth);
    const { report, failed } = await failedStep({ transport: 'http', url: `http://127.0.0.1:${auth.port}/mcp`, headers: {} });
    expect(failed).toMatchObject({ step: 'HTTP', detail: expect.stringContaining('401') });
    expect(report.checks.find((check) => check.step === 'OAuth discovery')).toMatchObject({
      status: 'failed',
      detail: expect.stringContaining('No protected-resource metadata'),
    });
    // With the header it asks for, the same server passes.
    const healthy = await diagnose(
      { transport: 'http', url: `http://127.0.0.1:${auth.port}/mcp`, headers: { Authorization: 'Bearer secret-token' } },
      DEFAULT_SETTINGS,
    );
    expect(healthy.isHealthy).toBe(true);
  });

  it('a server behind OAuth: "OAuth discovery" reports what the sign-in finds, metadata and registration', async () => {
    const oauth = await sharedOAuthServer();
    const report = await diagnose({ transport: 'http', url: `http://127.0.0.1:${oauth.port}/mcp`, headers: {} }, DEFAULT_SETTINGS);
    const step = report.checks.find((check) => check.step === 'OAuth discovery');
    expect(step).toMatchObject({ status: 'passed' });
    expect(step?.detail).toBe(
      `Found protected-resource metadata and authorization-server metadata at http://127.0.0.1:${oauth.port}/. The inspector can register itself (dynamic client registration).`,
    );
  });

  it('`--check` on a healthy server behind OAuth passes (exit 0): its 401 reads "sign-in needed", with no Authorization header advised', async () => {
    const oauth = await sharedOAuthServer();
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, [join(ROOT, 'server/bin.mjs'), '--check', '--url', `http://127.0.0.1:${oauth.port}/mcp`], (error, stdout) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout }),
      );
      child.stdin?.end();
    });
    expect(run.stdout).toMatch(/✓ HTTP +HTTP 401 Unauthorized: sign-in needed/);
    expect(run.stdout).toMatch(/✓ OAuth discovery +Found protected-resource metadata/);
    expect(run.stdout).toMatch(/- MCP handshake +Not tried: sign-in needed/);
    expect(run.stdout).not.toContain('Add an Authorization header');
    expect(run.stdout).not.toContain('Failed at');
    expect(run.code).toBe(0);
  });

  it('the same server without its protected-resource metadata: "OAuth discovery" says where it looked', async () => {
    const bare = await startHttpTarget('oauth-server', '--no-metadata');
    started.push(bare);
    const { report: bareReport } = await failedStep({ transport: 'http', url: `http://127.0.0.1:${bare.port}/mcp`, headers: {} });
    expect(bareReport.checks.find((check) => check.step === 'OAuth discovery')).toMatchObject({
      status: 'failed',
      detail: expect.stringContaining('No protected-resource metadata'),
    });
  });

  it('a server that speaks no version this client does fails at "Protocol version", naming it', async () => {
    const { failed } = await failedStep({ transport: 'stdio', env: {}, ...targetStdio('old-version') });
    expect(failed).toMatchObject({ step: 'Protocol version', detail: expect.stringContaining('protocol version 2023-01-01') });
  });
});
