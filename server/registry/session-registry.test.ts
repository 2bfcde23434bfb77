/**
 * What the session layer answers when a command cannot run: a WireFailure with
 * the wire's code, whoever drives the sessions (the WebSocket or a script).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WireFailure } from '../wire/errors';
import { SessionRegistry } from './session-registry';

describe('SessionRegistry refusals', () => {
  it('importing without a data folder is a conflict that says what is missing', async () => {
    const failure = await new SessionRegistry().importFile(Readable.from([])).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WireFailure);
    expect(failure instanceof WireFailure && failure.wireError).toEqual({
      code: 'conflict',
      message: 'Importing needs a data folder (--data-dir): this inspector keeps sessions in memory only.',
    });
  });

  it('every command on a session it does not know is not-found, naming the session', async () => {
    const registry = new SessionRegistry();
    const refusals = await Promise.all(
      [
        () => registry.reconnect('nope', undefined),
        () => registry.disconnect('nope'),
        () => registry.refreshTools('nope'),
        () => registry.callTool('nope', 'echo', {}),
        () => registry.cancelCall('nope', 'c1'),
        () => registry.retryCall('nope', 'c1'),
        () => registry.setCallTimer('nope', 'c1', true),
        () => registry.answerElicitation('nope', 'e1', 'decline', undefined, false),
        () => registry.recordAction('nope', 'e1', 'dismiss'),
        () => registry.remove('nope'),
        () => registry.setRules('nope', { enabled: true, rules: [] }),
      ].map((command) =>
        // Through a promise, so a refusal thrown at once and one rejected later are caught alike.
        Promise.resolve()
          .then(command)
          .then(
            () => undefined,
            (error: unknown) => (error instanceof WireFailure ? error.wireError : error),
          ),
      ),
    );
    expect(refusals).toEqual(Array.from({ length: 11 }, () => ({ code: 'not-found', message: 'No session nope.' })));
  });
});
