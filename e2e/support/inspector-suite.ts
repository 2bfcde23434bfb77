/**
 * One inspector (started with --no-connect) and one connected script client for a
 * whole test file, stopped by its pid when the file is done.
 */
import { afterAll, beforeAll } from 'vitest';
import { InspectorClient } from './inspector-client';
import { startInspector, type Inspector } from './processes';

export type InspectorSuite = { readonly inspector: Inspector; readonly client: InspectorClient };

export function inspectorSuite(args: string[] = ['--no-connect']): InspectorSuite {
  const suite = {} as { inspector: Inspector; client: InspectorClient };
  beforeAll(async () => {
    suite.inspector = await startInspector(args);
    suite.client = await InspectorClient.connect(suite.inspector);
  });
  afterAll(async () => {
    suite.client?.close();
    await suite.inspector?.stop();
  });
  return suite;
}
