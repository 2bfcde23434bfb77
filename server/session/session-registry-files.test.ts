/** What a session leaves in the data folder, and that deleting it leaves nothing behind. */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { syntheticSession } from '../../e2e/bench/synthetic-session';
import { SessionRegistry } from './session-registry';

describe('SessionRegistry files', () => {
  it('an imported big session keeps its index and links beside its file, and deleting it deletes all three', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registry-files-'));
    const registry = new SessionRegistry({ dataDir });
    const { sessionId } = await registry.importFile(Readable.from([syntheticSession(6000, 'files')]));
    expect(readdirSync(dataDir).sort()).toEqual([`${sessionId}.jsonl`, `${sessionId}.jsonl.idx`, `${sessionId}.jsonl.links`]);
    expect(registry.delete(sessionId)).toBe('deleted');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
