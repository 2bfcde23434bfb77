/**
 * `--rules FILE`: the connection made at start answers by the file's rules, and
 * the session file tells the story like any other.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { startInspector } from '../../e2e/support/processes';
import { callAnswered } from '../../e2e/support/rules-support';

describe('--rules FILE', () => {
  it('the demo connection made at start answers by the file, and the session file keeps the rule-match and the action', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rules-cli-')), 'rules.json');
    const file = {
      $schema: './schemas/rules.schema.json',
      version: 1,
      rules: [{ id: 'order', name: 'confirm orders', match: { tool: 'confirm_order' }, answer: { action: 'accept', content: { note: 'from the file' } } }],
    };
    writeFileSync(path, JSON.stringify(file));
    const inspector = await startInspector(['--rules', path]);
    const client = await InspectorClient.connect(inspector);
    try {
      const suite = { inspector, client };
      const summary = await client.waitFor(() => client.sessions[0], 30_000, 'the session made at start');
      await client.follow(summary.sessionId);
      await client.waitForEvent('session-state', (e) => e.state === 'ready', 0, 30_000);
      const story = await callAnswered(suite, summary.sessionId, 'confirm_order');
      expect(story.end.result?.structuredContent).toEqual({ item: 'tea', confirmed: true, note: 'from the file' });
      await client.send('disconnect', { sessionId: summary.sessionId });
      const entries = readFileSync(join(inspector.dataDir, `${summary.sessionId}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => JSON.parse(line) as { kind: string; actor?: string; rule?: unknown; settings?: { rules?: unknown } });
      const rule = { index: 1, id: 'order', name: 'confirm orders', source: 'rules' };
      expect(entries.find((e) => e.kind === 'session-state')?.settings?.rules).toMatchObject({ enabled: true, rules: [{ id: 'order' }] });
      expect(entries.filter((e) => e.kind === 'rule-match')).toEqual([expect.objectContaining({ action: 'accept', rule })]);
      expect(entries.filter((e) => e.kind === 'action' && e.actor === 'rule')).toEqual([expect.objectContaining({ action: 'accept', rule })]);
    } finally {
      client.close();
      await inspector.stop();
    }
  }, 90_000);
});
