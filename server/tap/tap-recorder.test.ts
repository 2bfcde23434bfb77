/**
 * A tap records whatever a host and a server write, and every entry it makes must still be a
 * valid log entry: one the page, `diff` and the exports read. A host or server that describes
 * itself oddly must not make its whole session unreadable.
 */
import { describe, expect, it } from 'vitest';
import { LogEventSchema, type LogEvent, type NewLogEvent } from '../wire/events';
import { summarizeTarget } from '../wire/target';
import { MAX_PENDING_HOST_REQUESTS, TapRecorder } from './tap-recorder';

function recorder() {
  const events: LogEvent[] = [];
  const tap = new TapRecorder({
    emit: (event: NewLogEvent) => {
      const logged: LogEvent = { ...event, seq: events.length + 1, at: 0, sessionId: 'tap-test' };
      events.push(logged);
      return logged;
    },
    target: summarizeTarget({ transport: 'stdio', command: 'server', args: [], env: {} }),
  });
  return { tap, events };
}

const line = (message: unknown) => JSON.stringify(message);

/** The entries that are not valid log entries, each with the field zod names. */
function invalid(events: LogEvent[]): string[] {
  return events.flatMap((event) => {
    const parsed = LogEventSchema.safeParse(event);
    return parsed.success ? [] : [`${event.seq} ${event.kind}: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`];
  });
}

describe('TapRecorder', () => {
  it('a host and a server whose clientInfo and serverInfo carry odd types still make valid entries, named as far as they can be', () => {
    const { tap, events } = recorder();
    tap.fromHost(
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', clientInfo: { name: 'odd-host', version: 5 }, capabilities: { elicitation: {} } },
      }),
    );
    tap.fromServer(
      line({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'odd-server', version: { major: 1 } } } }),
    );
    tap.end({ reason: 'server-exit', exitCode: 0, signal: null });

    expect(invalid(events)).toEqual([]);
    const states = events.filter((e) => e.kind === 'session-state');
    expect(states[0]).toMatchObject({ state: 'connecting', target: { host: { clientInfo: { name: 'odd-host' } } } });
    expect(states[1]).toMatchObject({ state: 'ready', serverInfo: { name: 'odd-server' } });
  });

  it("a server that writes to stderr before the host's first message still gets the host named, and its form judged against what the host declared", () => {
    const { tap, events } = recorder();
    tap.serverStderr('Weather MCP Server running on stdio\n');
    tap.fromHost(
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', clientInfo: { name: 'slow-host', version: '1.0' }, capabilities: { elicitation: {} } },
      }),
    );
    tap.fromServer(line({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'weather' } } }));
    tap.fromServer(
      line({ jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'City?', requestedSchema: { type: 'object', properties: {} } } }),
    );
    tap.end({ reason: 'server-exit', exitCode: 0, signal: null });

    expect(events[0]).toMatchObject({
      kind: 'session-state',
      state: 'connecting',
      target: { host: { clientInfo: { name: 'slow-host' } } },
      settings: { elicitation: { form: true } },
    });
    expect(events.find((e) => e.kind === 'stderr')).toMatchObject({ text: 'Weather MCP Server running on stdio\n' });
    expect(events.filter((e) => e.kind === 'finding').map((e) => e.kind === 'finding' && e.code)).not.toContain('form-mode-undeclared');
  });

  it('a 2026-07-28 host whose _meta clientInfo has a numeric version is still recorded validly', () => {
    const { tap, events } = recorder();
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'meta-host', version: 2 },
      'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
    };
    tap.fromHost(line({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } }));
    tap.end({ reason: 'transport-closed', exitCode: 0, signal: null });
    expect(invalid(events)).toEqual([]);
    expect(events[0]).toMatchObject({ kind: 'session-state', target: { host: { clientInfo: { name: 'meta-host' } } } });
  });

  it('a host that sends requests no one answers, forever, is followed up to a bound, and the record says so once', () => {
    const { tap, events } = recorder();
    tap.fromHost(
      line({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'h' } } }),
    );
    for (let id = 0; id < MAX_PENDING_HOST_REQUESTS + 50; id++) tap.fromHost(line({ jsonrpc: '2.0', id, method: 'ping' }));
    const notes = events.filter((e) => e.kind === 'proxy-error');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ error: { message: expect.stringContaining(`more than ${MAX_PENDING_HOST_REQUESTS} requests`) } });
    // The oldest, let go: the server's answer to it is not matched to the handshake any more.
    tap.fromServer(line({ jsonrpc: '2.0', id: 'init', result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's' } } }));
    expect(events.filter((e) => e.kind === 'session-state' && e.state === 'ready')).toHaveLength(0);
    // The newest still are: a call made now ends with its result.
    tap.fromHost(line({ jsonrpc: '2.0', id: 'call', method: 'tools/call', params: { name: 'echo', arguments: {} } }));
    tap.fromServer(line({ jsonrpc: '2.0', id: 'call', result: { content: [] } }));
    expect(events.filter((e) => e.kind === 'call-end')).toEqual([expect.objectContaining({ outcome: 'result' })]);
    expect(invalid(events)).toEqual([]);
  });

  it("logs the server's answer to the host's tools/list as a `tools` entry, a next page's added, what has no name left out", () => {
    const { tap, events } = recorder();
    const tools = () => events.flatMap((e) => (e.kind === 'tools' ? [e.tools.map((t) => t.name)] : []));
    tap.fromHost(line({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
    tap.fromServer(line({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'a' }, { title: 'no name' }, 7], nextCursor: 'p2' } }));
    tap.fromHost(line({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 'p2' } }));
    tap.fromServer(line({ jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'b' }] } }));
    expect(tools()).toEqual([['a'], ['a', 'b']]);
    // Listed again from the start, and a listing the server refused: the new first page is the list, the error changes nothing.
    tap.fromHost(line({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    tap.fromServer(line({ jsonrpc: '2.0', id: 3, result: { tools: [{ name: 'c' }] } }));
    tap.fromHost(line({ jsonrpc: '2.0', id: 4, method: 'tools/list' }));
    tap.fromServer(line({ jsonrpc: '2.0', id: 4, error: { code: -32603, message: 'no' } }));
    expect(tools()).toEqual([['a'], ['a', 'b'], ['c']]);
    expect(invalid(events)).toEqual([]);
  });
});
