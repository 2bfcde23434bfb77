/**
 * The origins an MCP App's resource declares (`_meta.ui.csp`) as a person sees them: the app
 * reaches the declared origin and not an undeclared one, the page says what the app may reach, and
 * the values the inspector refused are findings. Two TLS servers on 127.0.0.1 (the self-signed
 * certificate of e2e/targets/tls, accepted by this browser context) stand in for the two origins:
 * the inspector grants https origins only, so a plain http loopback server could not.
 * server/integration/app-elicitation.test.ts checks the header itself.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'elicitation-inspector/playwright';
import { switchOnAndReconnect } from './support/client-settings';
import { ROOT, targetStdio } from './support/processes';
import { test } from './support/test';

const target = targetStdio('app-domains');
test.use({ inspectorShared: true, ignoreHTTPSErrors: true, inspectorArgs: ['--protocol', '2026-07-28', '--', target.command, ...target.args] });

type Origin = { server: Server; url: string; hits: number };
const origins: Origin[] = [];

test.beforeAll(async () => {
  const tls = join(ROOT, 'e2e/targets/tls');
  const options = { key: readFileSync(join(tls, 'self-signed-key.pem')), cert: readFileSync(join(tls, 'self-signed-cert.pem')) };
  for (let i = 0; i < 2; i++) {
    const origin: Origin = { server: createServer(options), url: '', hits: 0 };
    origin.server.on('request', (_req, res) => {
      origin.hits++;
      // The app's origin is the inspector's app origin, a loopback port that changes with each start.
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' }).end('pong');
    });
    await new Promise<void>((resolve) => origin.server.listen(0, '127.0.0.1', resolve));
    origin.url = `https://127.0.0.1:${(origin.server.address() as AddressInfo).port}`;
    origins.push(origin);
  }
});

test.afterAll(async () => {
  await Promise.all(origins.map((o) => new Promise((resolve) => o.server.close(resolve))));
});

test('an app reaches the origin its resource declares and no other; refused values are findings', async ({ app }) => {
  const [declared, undeclared] = origins as [Origin, Origin];
  await app.waitConnected();
  await switchOnAndReconnect(app, /^App-rendered forms/);
  await app.runTool('fetch_app', { declared: declared.url, undeclared: undeclared.url });
  const card = app.elicitation();
  const view = card.getByRole('region', { name: 'App view' });
  await expect(view).toContainText(`Its resource declares network access, which its CSP grants: connects to ${declared.url}. loads from ${declared.url}.`);
  const frame = view.frameLocator('iframe[title="App ui://app-domains/fetch"]').frameLocator('iframe[title="App document"]');
  // A TLS round trip from the frame to a server in this worker: on CI's fully loaded two cores it once took
  // longer than the 10 s an expectation waits by default (and passed on its retry).
  await expect(frame.locator('#declared')).toHaveText('declared: reached (pong)', { timeout: 30_000 });
  await expect(frame.locator('#undeclared')).toHaveText('undeclared: blocked');
  expect(declared.hits).toBe(1);
  expect(undeclared.hits).toBe(0);
  const findings = card.getByRole('group', { name: 'Findings' });
  await expect(findings).toContainText(`was stopped by its CSP: connect-src ${undeclared.url}/ping`);
  await expect(findings.getByText(/declares .* in _meta\.ui\.csp\.connectDomains, which is not granted/)).toHaveCount(5);
  await expect(findings).toContainText('"https://ok.example; script-src *"');
  await expect(findings).toContainText('_meta.ui.csp.frameDomains');
  await test.info().attach('app domains', { body: await app.page.screenshot(), contentType: 'image/png' });
  await app.answer('Decline');
  await expect(app.result()).toContainText('fetch_app: ');
});
