/**
 * The connection doctor: an ordered checklist from the process or the network up
 * to the MCP handshake, stopping at the first step that fails with what to do.
 * The handshake step is a real connect by the inspector's own Session (probe,
 * fallback and all), so what it says is what the page would have met.
 */
import { SessionRegistry } from '../registry/session-registry';
import type { DoctorCheck, DoctorReport } from '../wire/doctor';
import type { EventOf, LogEvent } from '../wire/events';
import { summarizeTarget, type SessionSettings, type Target } from '../wire/target';
import { describeTarget } from '../wire/target-names';
import { discoverSignIn } from '../auth/sign-in-discovery';
import { commandSteps, runSteps, STEP_TIMEOUT_MS, urlSteps } from './network-checks';

export async function diagnose(target: Target, settings: SessionSettings): Promise<DoctorReport> {
  const pre = await runSteps(target.transport === 'stdio' ? commandSteps(target) : urlSteps(target));
  const checks: DoctorCheck[] = pre.map(({ wantsAuth: _wantsAuth, ...check }) => check);
  const failed = pre.find((check) => check.status === 'failed');
  if (failed?.wantsAuth && target.transport !== 'stdio') {
    const found = await discovery(target);
    checks.push({ step: 'OAuth discovery', ...found });
    if (found.status === 'passed') {
      // A 401 that says where to sign in is the server working as designed: the inspector signs in there.
      const index = checks.findIndex((check) => check.step === failed.step);
      checks[index] = { step: failed.step, status: 'passed', detail: signInNeeded(failed.detail) };
      checks.push({
        step: 'MCP handshake',
        status: 'skipped',
        detail: 'Not tried: sign-in needed. Connect from the page (or run without --check) and the inspector signs in when the server asks.',
      });
      return report(target, checks);
    }
  }
  if (failed) {
    checks.push({ step: 'MCP handshake', status: 'skipped', detail: 'Not tried: an earlier step failed.' });
  } else {
    checks.push(...(await handshake(target, settings)));
  }
  return report(target, checks);
}

function report(target: Target, checks: DoctorCheck[]): DoctorReport {
  return { target: describeTarget(summarizeTarget(target)), isHealthy: checks.every((check) => check.status !== 'failed'), checks };
}

/** "HTTP 401 Unauthorized: the server wants credentials. WWW-Authenticate: …" read as what it is once OAuth discovery works. */
function signInNeeded(detail: string): string {
  return detail.replace(/: the server wants credentials\./, ': sign-in needed (OAuth; see the next step).');
}

/**
 * On a 401: what the sign-in would find, through the sign-in's own discovery: the
 * protected-resource metadata, the authorization server's metadata, and how to register.
 */
async function discovery(target: Extract<Target, { transport: 'http' | 'sse' }>): Promise<Omit<DoctorCheck, 'step'>> {
  // Each well-known URL gets the step's time limit: a server that never answers one must not hold the doctor.
  const fetchFn = (input: string | URL, init?: RequestInit) => fetch(input, { ...init, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
  const found = await discoverSignIn(new URL(target.url), { fetchFn });
  if (found.hasMetadata)
    return {
      status: 'passed',
      detail: found.summary,
    };
  return {
    status: 'failed',
    detail: `No protected-resource metadata (/.well-known/oauth-protected-resource): the server asks for credentials without saying where to get them (${found.why}).`,
    hint: 'Use the credentials the server documents (an API key or bearer token header).',
  };
}

/** Connect as the page would, in memory (nothing written to the data dir), then close. */
async function handshake(target: Target, settings: SessionSettings): Promise<DoctorCheck[]> {
  const registry = new SessionRegistry();
  const session = await registry.connect(target, settings);
  const outcome = await new Promise<EventOf<'session-state'>>((resolve) => {
    const stop = session.log.subscribe((stored) => {
      for (const { json } of stored) {
        if (!json.includes('"session-state"')) continue;
        const event = JSON.parse(json) as LogEvent;
        if (event.kind === 'session-state' && event.state !== 'connecting') {
          stop();
          resolve(event);
        }
      }
    });
  });
  await registry.closeAll('user');
  if (outcome.state === 'ready') {
    const server = outcome.serverInfo ? `${outcome.serverInfo.name} ${outcome.serverInfo.version ?? ''}`.trim() : 'a server with no serverInfo';
    return [
      { step: 'MCP handshake', status: 'passed', detail: `Connected to ${server}.` },
      {
        step: 'Protocol version',
        status: 'passed',
        detail: `${outcome.protocolVersion} (${outcome.era === 'modern' ? '2026-07-28 era: stateless, server/discover' : '2025 era: initialize'}), asked for ${settings.protocol}.`,
      },
    ];
  }
  const message = outcome.state === 'closed' ? (outcome.error?.message ?? `The session closed (${outcome.reason}).`) : 'The session did not connect.';
  const isVersionProblem = /protocol version/i.test(message);
  return [
    {
      step: isVersionProblem ? 'Protocol version' : 'MCP handshake',
      status: 'failed',
      detail: message,
      hint: isVersionProblem
        ? 'The server and this client share no protocol version: update the server (or its SDK), or pick another version under Client settings → Protocol (--protocol).'
        : 'Open the session in the page: its log shows every message of the failed handshake.',
      ...(outcome.state === 'closed' && outcome.stderrTail?.length && { output: outcome.stderrTail.join('\n').slice(-2000) }),
    },
  ];
}
