/**
 * File inputs (SEP-2356) with wildcard `accept` entries as a person sees them: `*` + `/*` puts no filter
 * on the picker and takes a file of any type (its size still checked), `image/*` filters to images
 * and refuses anything else. server/integration/file-accept.test.ts checks the proxy's side.
 */
import { expect } from 'elicitation-inspector/playwright';
import { switchOnAndReconnect } from './support/client-settings';
import { targetStdio } from './support/processes';
import { test } from './support/test';

const target = targetStdio('file-accept');
test.use({ inspectorShared: true, inspectorArgs: ['--protocol', '2026-07-28', '--', target.command, ...target.args] });

test('*/* takes any file up to maxSize, and image/* any image only', async ({ app }) => {
  await app.waitConnected();
  await switchOnAndReconnect(app, /^File inputs/);

  await app.runTool('any_file');
  const card = app.elicitation();
  const picker = card.getByLabel(/^File/);
  await expect(picker).not.toHaveAttribute('accept');
  await expect(card).toContainText('any file · at most 16 bytes');
  await picker.setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(17) });
  await expect(card.getByRole('alert')).toHaveText('big.bin is 17 bytes; this field takes at most 16 bytes.');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(card.getByRole('status', { name: 'What will be sent' })).toHaveText('notes.txt · text/plain · 5 bytes, sent as data:text/plain;base64,aGVsbG8=');
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(app.result()).toHaveText('any_file: data:text/plain;base64,');

  await app.runTool('any_image');
  const images = app.elicitation().getByLabel(/^File/);
  await expect(images).toHaveAttribute('accept', 'image/*');
  await images.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(app.elicitation().getByRole('alert')).toHaveText('notes.txt is text/plain; this field accepts image/*.');
  await images.setInputFiles({ name: 'dot.gif', mimeType: 'image/gif', buffer: Buffer.from('R0lGODlh', 'base64') });
  await expect(app.elicitation().getByRole('status', { name: 'What will be sent' })).toHaveText(
    /^dot\.gif · image\/gif · 6 bytes, sent as data:image\/gif;base64,/,
  );
  await app.elicitation().getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(app.result()).toHaveText('any_image: data:image/gif;base64,');
});
