import { describe, expect, it } from 'vitest';
import { ServerRequests } from './server-requests';

const call = (callId: string, inFlightRpcId: number | undefined, isAwaitingServer = true) => ({ callId, inFlightRpcId, isAwaitingServer });

describe('ServerRequests', () => {
  it('keeps a request as received until it is answered or withdrawn', () => {
    const requests = new ServerRequests();
    requests.received(7, { params: { message: 'Name?' }, findings: [] });
    requests.received('x', { params: {}, findings: [] });
    expect(requests.get(7)?.params).toEqual({ message: 'Name?' });
    requests.ended(7);
    requests.ended('x');
    expect(requests.size).toBe(0);
  });

  it('gives a push to the call whose HTTP stream carried it, even with several calls waiting', () => {
    const requests = new ServerRequests();
    requests.carried(3, [11]);
    expect(requests.attribute(3, [call('c1', 10), call('c2', 11)])).toBe('c2');
  });

  it('without a carrier, gives a push to the one waiting call, and to none when several wait', () => {
    const requests = new ServerRequests();
    expect(requests.attribute(1, [call('c1', 10), call('c2', 11, false)])).toBe('c1');
    expect(requests.attribute(2, [call('c1', 10), call('c2', 11)])).toBeUndefined();
  });

  it('forgets carriers past its bound, oldest first', () => {
    const requests = new ServerRequests();
    for (let id = 0; id < 300; id++) requests.carried(id, [1000 + id]);
    expect(requests.attribute(0, [call('c1', 1000), call('c2', 5)])).toBeUndefined();
    expect(requests.attribute(299, [call('c1', 1299), call('c2', 5)])).toBe('c1');
  });
});
