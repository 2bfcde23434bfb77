/** What a session leaves in the data folder, and that deleting it leaves nothing behind. */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
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

  it("finds an earlier run's file by its id before the folder has been listed, and only inside the folder", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registry-files-'));
    writeFileSync(join(dataDir, 'earlier-run.jsonl'), '');
    writeFileSync(join(tmpdir(), 'outside-the-folder.jsonl'), '');
    const registry = new SessionRegistry({ dataDir });
    expect(registry.filePath('earlier-run')).toBe(join(dataDir, 'earlier-run.jsonl'));
    expect(registry.filePath('no-such-run')).toBeUndefined();
    expect(registry.filePath('../outside-the-folder')).toBeUndefined();
    expect(registry.filePath('.hidden')).toBeUndefined();
  });
});
