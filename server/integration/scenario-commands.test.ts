/**
 * The page's Run scenario and Save as scenario, through the real proxy: the
 * commands the buttons send, answered over the WebSocket.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { ROOT } from '../../e2e/support/processes';

const suite = inspectorSuite();

describe('scenario commands', () => {
  it('run-scenario runs in the proxy, each run a session the page lists; scenario-from-session writes it back as a scenario', async () => {
    const scenario: unknown = JSON.parse(readFileSync(join(ROOT, 'examples/scenarios/form-accept.json'), 'utf8'));
    const { runs } = await suite.client.send('run-scenario', { scenario });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'passed', protocol: '2025-11-25', sessionFile: join(suite.inspector.dataDir, `${runs[0].sessionId}.jsonl`) });

    const { scenario: saved } = await suite.client.send('scenario-from-session', { sessionId: runs[0].sessionId! });
    expect(saved.protocol).toBe('2025-11-25');
    expect(saved.steps[0]).toMatchObject({ call: 'confirm_order', arguments: { item: 'coffee' }, expect: { text: { equals: 'confirm_order: confirmed' } } });
  });

  it('a broken scenario is refused with its problems and their paths, as the CLI prints them', async () => {
    await expect(suite.client.send('run-scenario', { scenario: { steps: [{ call: 'echo', expect: { text: { startsWith: 'x' } } }] } })).rejects.toMatchObject({
      wireError: {
        code: 'invalid-command',
        message: expect.stringMatching(/^scenario: not a valid scenario: .*steps\.0\.expect\.text: Unrecognized key: "startsWith"/),
      },
    });
    await expect(suite.client.send('scenario-from-session', { sessionId: 'nope' })).rejects.toMatchObject({ wireError: { code: 'not-found' } });
  });
});
