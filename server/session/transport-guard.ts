import type { Transport } from '@modelcontextprotocol/client';
import { wrapStart } from './sdk-internals';

/**
 * Make `transport.start()` refuse once the session is closing. A connect that is
 * still running when the session closes (an Auto probe waiting out a server that
 * ignores server/discover) would otherwise go on to start the transport, and so
 * spawn a stdio server, after the session ended, with nobody left to stop it.
 */
export function refuseStartOnceClosing(transport: Transport, isClosing: () => boolean): void {
  wrapStart(transport, {
    before: () => {
      if (isClosing()) throw new Error('The session was closed before the connection was opened.');
    },
  });
}
