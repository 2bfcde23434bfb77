/**
 * Importing a session file through the page: one that takes seconds says how far
 * it has got until it opens, and one over the limit is refused before a byte is
 * sent, with the limit named.
 */
import { closeSync, openSync, ftruncateSync } from 'node:fs';
import { expect } from 'elicitation-inspector/playwright';
import { writeSessionFile } from './bench/session-upload';
import { test } from './support/test';

test.use({ inspectorShared: true });

test('a big session file imported through the page shows how much of it is checked, then opens', async ({ app, page }) => {
  test.slow(); // generating and checking 100k entries (some 50 MB) on a shared machine
  const file = await writeSessionFile(test.info().outputPath('big.jsonl'), 100_000, 'big-import');
  await app.waitConnected();
  // Every text the status shows, kept as it changes: the import is over before a person could read them all.
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { importTexts: seen });
    new MutationObserver(() => {
      const text = document.querySelector('[role="status"][aria-label="Import progress"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: /^Sessions/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sessions' })).toContainText('Up to 512 MiB.');
  await page.getByLabel('Import a session file').setInputFiles(file);

  // Checking 100k lines takes some seconds on a quiet machine, more on a busy one.
  await expect(page.getByRole('alert', { name: 'Session ended' })).toContainText('Imported session, read-only.', { timeout: 120_000 });
  await expect(app.log.getByLabel('Entry count')).toHaveText('100000 entries');
  await expect(page.getByRole('status', { name: 'Import progress' })).toHaveCount(0);
  const texts = await page.evaluate(() => ('importTexts' in window && Array.isArray(window.importTexts) ? window.importTexts.map(String) : []));
  const percents = texts.flatMap((text) => /^Importing big\.jsonl: [\d.]+ MiB of [\d.]+ MiB checked \((\d+) %\)$/.exec(text)?.[1] ?? []).map(Number);
  // Part of the way through, on the way up, then the proxy's index pass.
  expect(
    percents.some((p) => p > 0 && p < 100),
    texts.join('\n'),
  ).toBe(true);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  expect(texts.at(-1)).toBe('Importing big.jsonl: checked, indexing…');
});

test('a file over the import limit is refused before it is sent, and the limit is named', async ({ app, page }) => {
  // 513 MiB without writing them: a sparse file has the size and none of the bytes.
  const file = test.info().outputPath('too-big.jsonl');
  const fd = openSync(file, 'w');
  ftruncateSync(fd, 513 * 1024 * 1024);
  closeSync(fd);
  await app.waitConnected();
  await page.getByRole('button', { name: /^Sessions/ }).click();
  const sessions = page.getByRole('dialog', { name: 'Sessions' });
  const before = await sessions.getByRole('listitem').count();
  await page.getByLabel('Import a session file').setInputFiles(file);
  await expect(sessions.getByRole('alert')).toHaveText('too-big.jsonl is 513 MiB; the inspector imports files of up to 512 MiB.');
  await expect(sessions.getByRole('listitem')).toHaveCount(before);
  await expect(page.getByRole('status', { name: 'Import progress' })).toHaveCount(0);
});
