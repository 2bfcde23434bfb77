/**
 * The part the fixture-recording scripts share: an inspector with its own data folder,
 * a script client, and `record`, which runs a script on a new session and keeps the
 * session file in app/model/fixtures/ under a name.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InspectorClient } from './inspector-client';
import { ROOT, startInspector, type Inspector } from './processes';

const OUT = join(ROOT, 'app/model/fixtures');

export type FixtureRecorder = {
  inspector: Inspector;
  client: InspectorClient;
  record(
    name: string,
    target: Parameters<InspectorClient['open']>[0],
    settings: Parameters<InspectorClient['open']>[1],
    script: (sessionId: string) => Promise<void>,
  ): Promise<void>;
};

export async function fixtureRecorder(): Promise<FixtureRecorder> {
  mkdirSync(OUT, { recursive: true });
  const inspector = await startInspector(['--no-connect'], { dataDir: join(ROOT, '.tmp/fixture-sessions') });
  const client = await InspectorClient.connect(inspector);
  return {
    inspector,
    client,
    async record(name, target, settings, script) {
      const sessionId = await client.open(target, settings);
      await script(sessionId);
      await client.send('disconnect', { sessionId });
      await client.waitForEvent('session-state', (e) => e.state === 'closed');
      // Fixtures are shared: keep this machine's checkout path out of them.
      const text = readFileSync(join(inspector.dataDir, `${sessionId}.jsonl`), 'utf8').replaceAll(ROOT, '/home/ada/elicitation-inspector/');
      writeFileSync(join(OUT, `${name}.jsonl`), text);
      console.log(`recorded ${name}.jsonl (${client.events.length} entries)`);
    },
  };
}
