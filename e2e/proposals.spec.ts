/**
 * The protocol proposals as a person sees them in the page (docs/proposals.md): what
 * only a browser shows, with the proxy's side covered by server/integration/proposals.test.ts.
 */
import { expect, test } from 'elicitation-inspector/playwright';
import { switchOnAndReconnect } from './support/client-settings';

test.use({ inspectorShared: true, inspectorArgs: ['--protocol', '2026-07-28'] });

test('an authorization denial remedied by a URL is an authorization step with its hints in URL flows', async ({ app }) => {
  await app.waitConnected();
  await switchOnAndReconnect(app, /^Authorization denials/);
  await app.runTool('approve_folder_access');
  const flow = app.urlFlow();
  const step = flow.getByRole('region', { name: 'Authorization step' });
  await expect(step).toContainText('the server denied the call (insufficient_authorization, remediation available)');
  const contextId = (await step.getByLabel('authorizationContextId').textContent())!;
  expect(contextId).toMatch(/^authzctx_[0-9a-f]{8}$/);
  await expect(step.getByRole('list', { name: 'Remediation hints' }).getByRole('listitem')).toHaveText(['url: visit the URL below, then retry']);
  await flow.getByRole('button', { name: 'Done, retry' }).click();
  await expect(app.result()).toHaveText(`approve_folder_access: accept; echoed ${contextId}`);
});
