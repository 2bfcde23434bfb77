/**
 * A raw stdio server for the tap's batch tests (no SDK, which refuses batches): each line it reads
 * comes back to the host inside a `notifications/echo` (so the host can tell the bytes arrived as
 * written), and a batch holding requests is answered with a batch of results, written with
 * spaces no SDK would write. The end of stdin ends it.
 */
import { createInterface } from 'node:readline';

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/echo', params: { line } }) + '\n');
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return;
  }
  if (!Array.isArray(parsed)) return;
  const ids = parsed.flatMap((m: unknown) => (typeof m === 'object' && m !== null && 'id' in m && 'method' in m ? [(m as { id: unknown }).id] : []));
  if (ids.length) process.stdout.write(`[ ${ids.map((id) => `{"jsonrpc":"2.0", "id":${JSON.stringify(id)}, "result":{}}`).join(' , ')} ]\n`);
});
lines.on('close', () => process.exit(0));
