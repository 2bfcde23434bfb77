/**
 * A hand-written stdio server that speaks only 2023-01-01 (a version that never existed): it refuses the
 * 2026-07-28 probe (-32601) and answers initialize with its old version, which
 * no client of this inspector's versions accepts.
 */
import { readMessages, send } from './raw-stdio';

readMessages((message) => {
  if (message.id === undefined) return;
  if (message.method === 'initialize') {
    send({ id: message.id, result: { protocolVersion: '2023-01-01', capabilities: { tools: {} }, serverInfo: { name: 'old-version', version: '0.0.1' } } });
  } else {
    send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
  }
});
