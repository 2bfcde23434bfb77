/**
 * A raw stdio server for the tap's byte-exactness tests (no SDK): `bulk/big` answers with a
 * result of about 10 MB, `bulk/many` sends 10,000 notifications before its result; any other
 * request is answered with its own params. The end of stdin ends it.
 */
import { readMessages, send } from './raw-stdio';

readMessages((message) => {
  if (message.id === undefined) return;
  if (message.method === 'bulk/big') {
    send({ id: message.id, result: { text: 'x'.repeat(10 * 1024 * 1024), unicode: 'é✓🙂' } });
  } else if (message.method === 'bulk/many') {
    for (let i = 0; i < 10_000; i++) send({ method: 'notifications/message', params: { level: 'info', data: { i } } });
    send({ id: message.id, result: { sent: 10_000 } });
  } else {
    send({ id: message.id, result: { echo: message.params ?? {} } });
  }
});
process.stdin.on('end', () => process.exit(0));
