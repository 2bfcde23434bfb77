/**
 * `--rules FILE`: the connection made at start answers by the file's rules, and
 * the session file tells the story like any other; so does every session the page
 * opens after it, until the person changes the rules.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { demoStdio, startInspector } from '../../e2e/support/processes';
import { callAnswered } from '../../e2e/support/rules-support';
import { EMPTY_RULES, RuleSetSchema } from '../wire/rules';
import { DEFAULT_SETTINGS } from '../wire/target';

const RULES_FILE = {
  $schema: './schemas/rules.schema.json',
  version: 1,
  rules: [{ id: 'order', name: 'confirm orders', match: { tool: 'confirm_order' }, answer: { action: 'accept', content: { note: 'from the file' } } }],
};

describe('--rules FILE', () => {
  it('the demo connection made at start answers by the file, and the session file keeps the rule-match and the action', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rules-cli-')), 'rules.json');
    writeFileSync(path, JSON.stringify(RULES_FILE));
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

  it('a session the page opens after the first one ended answers by them too, until the person changes them', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rules-cli-')), 'rules.json');
    writeFileSync(path, JSON.stringify(RULES_FILE));
    const inspector = await startInspector(['--rules', path]);
    const client = await InspectorClient.connect(inspector);
    try {
      const first = await client.waitFor(() => client.sessions[0], 30_000, 'the session made at start');
      // Every page is told the rules that stand, to list them before its next Connect.
      const standing = await client.waitFor(() => client.standingRules, 10_000, 'the standing rules pushed');
      expect(standing.rules.map((rule) => rule.id)).toEqual(['order']);
      await client.follow(first.sessionId);
      await client.waitForEvent('session-state', (e) => e.state === 'ready', 0, 30_000);
      // The session made at start ends (a disconnect here; an idle close ends it the same way).
      await client.send('disconnect', { sessionId: first.sessionId });
      // Connect as the page does on a page that never had rules of its own: its rules for the next connection are none.
      const pageSettings = { ...DEFAULT_SETTINGS, rules: EMPTY_RULES };
      const sessionId = await client.open({ transport: 'stdio', ...demoStdio() }, pageSettings);
      expect(client.sessions.find((s) => s.sessionId === sessionId)?.settings.rules.rules.map((rule) => rule.id)).toEqual(['order']);
      const story = await callAnswered({ inspector, client }, sessionId, 'confirm_order');
      expect(story.end.result?.structuredContent).toEqual({ item: 'tea', confirmed: true, note: 'from the file' });
      expect(story.matches).toEqual([expect.objectContaining({ action: 'accept', rule: expect.objectContaining({ id: 'order' }) })]);

      // The person takes the rules away: the next session the page opens has none, and every page is told.
      await client.send('set-rules', { sessionId, rules: EMPTY_RULES });
      await client.waitFor(() => client.standingRules?.rules.length === 0, 10_000, 'the standing rules pushed, none');
      await client.send('disconnect', { sessionId });
      const next = await client.open({ transport: 'stdio', ...demoStdio() }, pageSettings);
      expect(client.sessions.find((s) => s.sessionId === next)?.settings.rules).toEqual(EMPTY_RULES);
      await client.send('disconnect', { sessionId: next });

      // With no session live, the person puts them back: the next session gets them.
      await client.send('set-standing-rules', { rules: RuleSetSchema.parse({ rules: RULES_FILE.rules }) });
      await client.waitFor(() => client.standingRules?.rules.length === 1, 10_000, 'the standing rules pushed, one');
      const last = await client.open({ transport: 'stdio', ...demoStdio() }, pageSettings);
      expect(client.sessions.find((s) => s.sessionId === last)?.settings.rules.rules.map((rule) => rule.id)).toEqual(['order']);
      await client.send('disconnect', { sessionId: last });
    } finally {
      client.close();
      await inspector.stop();
    }
  }, 90_000);
});
