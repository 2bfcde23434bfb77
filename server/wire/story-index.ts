/**
 * Which entries tell the story of one tool call, and of one elicitation: derived
 * from the events as they arrive, never written back into them.
 *
 * A call owns its call-* events, the requests of each round (and their
 * responses and HTTP exchanges), the elicitations it caused with everything that
 * belongs to them (the server's request, findings, the person's actions, our
 * answer, the completion notification), and its result. Some links only appear
 * after the message they explain (a round is logged just after its request goes
 * out; an elicitation just after the server's request arrives), so earlier
 * entries are attached when the link arrives.
 */
import type { EventOf, LogEvent } from './events';

type Id = string;
type RpcId = EventOf<'call-round'>['rpcId'];
/** A JSON-RPC id as a map key: 0 and "0" are two ids. */
export const idKey = (id: unknown): string => `${typeof id}:${String(id)}`;

export class StoryIndex {
  private readonly seqsByCall = new Map<Id, Set<number>>();
  private readonly seqsByFlow = new Map<Id, Set<number>>();
  private readonly callOfSeq = new Map<number, Id>();
  private readonly flowOfSeq = new Map<number, Id>();
  private readonly callOfFlow = new Map<Id, Id>();
  /** Our request ids (per round) → call. */
  private readonly callOfRequest = new Map<string, Id>();
  /** The server's elicitation/create request ids → elicitation key. */
  private readonly flowOfPush = new Map<string, Id>();
  private readonly flowOfElicitationId = new Map<string, Id>();
  /** Seqs of messages seen before what links them: our requests, the server's requests, findings about a message. */
  private readonly ourRequestSeq = new Map<string, number>();
  private readonly serverRequestSeq = new Map<string, number>();
  private readonly findingsAbout = new Map<number, number[]>();
  /** Elicitations no call could be tied to (over stdio, with two calls waiting on the server), in the order asked. */
  private readonly untiedFlows: { seq: number; key: Id }[] = [];
  private readonly endSeqOfCall = new Map<Id, number>();
  /** Each call's round in flight (our request id), and the round each elicitation was asked during. */
  private readonly roundOfCall = new Map<Id, RpcId>();
  private readonly roundOfFlow = new Map<Id, RpcId>();

  add(event: LogEvent): void {
    const seq = event.seq;
    switch (event.kind) {
      case 'call-end':
        if (!this.endSeqOfCall.has(event.callId)) this.endSeqOfCall.set(event.callId, seq);
        return this.toCall(seq, event.callId);
      case 'call-start':
      case 'call-timer':
        return this.toCall(seq, event.callId);
      case 'call-round': {
        this.toCall(seq, event.callId);
        this.roundOfCall.set(event.callId, event.rpcId);
        this.callOfRequest.set(idKey(event.rpcId), event.callId);
        const requestSeq = this.ourRequestSeq.get(idKey(event.rpcId));
        if (requestSeq !== undefined) this.toCall(requestSeq, event.callId);
        return;
      }
      case 'rpc-out':
      case 'rpc-in':
        return this.addMessage(event);
      case 'http': {
        const call = event.rpcIds?.map((id) => this.callOfRequest.get(idKey(id))).find(Boolean);
        if (call) this.toCall(seq, call);
        return;
      }
      case 'elicitation': {
        if (event.callId) {
          this.callOfFlow.set(event.key, event.callId);
          const round = this.roundOfCall.get(event.callId);
          if (round !== undefined) this.roundOfFlow.set(event.key, round);
        } else this.untiedFlows.push({ seq, key: event.key });
        const earlier = [...(this.seqsByFlow.get(event.key) ?? [])];
        this.toFlow(seq, event.key);
        for (const s of earlier) this.toFlow(s, event.key);
        if (event.origin.kind === 'push') {
          this.flowOfPush.set(idKey(event.origin.rpcId), event.key);
          const pushSeq = this.serverRequestSeq.get(idKey(event.origin.rpcId));
          if (pushSeq !== undefined) {
            this.toFlow(pushSeq, event.key);
            for (const finding of this.findingsAbout.get(pushSeq) ?? []) this.toFlow(finding, event.key);
          }
        }
        if (typeof event.params.elicitationId === 'string') this.flowOfElicitationId.set(event.params.elicitationId, event.key);
        return;
      }
      case 'elicitation-end':
      case 'url-complete':
      case 'rule-match':
        return this.toFlow(seq, event.key);
      case 'task-status':
        if (event.key) this.toFlow(seq, event.key);
        else if (event.callId) this.toCall(seq, event.callId);
        return;
      case 'action':
        if (event.key) this.toFlow(seq, event.key);
        else if (event.callId) this.toCall(seq, event.callId);
        return;
      case 'finding':
        if (event.key) this.toFlow(seq, event.key);
        else if (event.callId) this.toCall(seq, event.callId);
        if (event.aboutSeq !== undefined) {
          const flow = this.flowOfSeq.get(event.aboutSeq);
          const call = this.callOfSeq.get(event.aboutSeq);
          if (flow) this.toFlow(seq, flow);
          else if (call) this.toCall(seq, call);
          else this.findingsAbout.set(event.aboutSeq, [...(this.findingsAbout.get(event.aboutSeq) ?? []), seq]);
        }
        return;
      default:
        return;
    }
  }

  /** The call an entry belongs to, if any. */
  callOf(seq: number): Id | undefined {
    return this.callOfSeq.get(seq);
  }

  /** The elicitation an entry belongs to, if any. */
  flowOf(seq: number): Id | undefined {
    return this.flowOfSeq.get(seq);
  }

  /**
   * The round an entry of an elicitation was made during: the id of our request that was in flight for
   * its call when the elicitation was asked (a server's request made while handling it is on its stream).
   */
  roundOf(seq: number): RpcId | undefined {
    const flow = this.flowOf(seq);
    return flow === undefined ? undefined : this.roundOfFlow.get(flow);
  }

  /** Every entry of a call's story, in order. */
  storyOfCall(callId: Id): number[] {
    return [...(this.seqsByCall.get(callId) ?? [])].sort((a, b) => a - b);
  }

  /**
   * A call's story, and the stories of the elicitations asked while it ran that no call could be
   * tied to: one of the calls running was waiting on that person, so each of them counts the wait
   * as the person's time, not as the server's.
   */
  storyOfCallWithUntiedFlows(callId: Id): number[] {
    const own = this.storyOfCall(callId);
    const startSeq = own[0];
    if (startSeq === undefined || !this.untiedFlows.length) return own;
    const endSeq = this.endSeqOfCall.get(callId) ?? Infinity;
    const during = this.untiedFlows.filter(({ seq }) => seq > startSeq && seq < endSeq);
    if (!during.length) return own;
    return [...new Set([...own, ...during.flatMap(({ key }) => this.storyOfFlow(key))])].sort((a, b) => a - b);
  }

  /** Every entry of one elicitation's story, in order. */
  storyOfFlow(key: Id): number[] {
    return [...(this.seqsByFlow.get(key) ?? [])].sort((a, b) => a - b);
  }

  private addMessage(event: Extract<LogEvent, { kind: 'rpc-out' | 'rpc-in' }>): void {
    const { message, seq } = event;
    const ours = event.kind === 'rpc-out';
    const method = typeof message.method === 'string' ? message.method : undefined;
    const hasId = message.id !== undefined && message.id !== null;
    if (method && hasId) {
      (ours ? this.ourRequestSeq : this.serverRequestSeq).set(idKey(message.id), seq);
      if (ours) {
        const call = this.callOfRequest.get(idKey(message.id));
        if (call) this.toCall(seq, call);
      }
      return;
    }
    if (!method && hasId) {
      // A response travels the other way from its request.
      if (ours) {
        const flow = this.flowOfPush.get(idKey(message.id));
        if (flow) this.toFlow(seq, flow);
      } else {
        const call = this.callOfRequest.get(idKey(message.id));
        if (call) this.toCall(seq, call);
      }
      return;
    }
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (method === 'notifications/elicitation/complete' && typeof params.elicitationId === 'string') {
      const flow = this.flowOfElicitationId.get(params.elicitationId);
      if (flow) this.toFlow(seq, flow);
    } else if (method === 'notifications/cancelled') {
      const target = idKey(params.requestId);
      const call = ours ? this.callOfRequest.get(target) : undefined;
      const flow = ours ? undefined : this.flowOfPush.get(target);
      if (call) this.toCall(seq, call);
      if (flow) this.toFlow(seq, flow);
    }
  }

  private toCall(seq: number, callId: Id): void {
    this.callOfSeq.set(seq, callId);
    let set = this.seqsByCall.get(callId);
    if (!set) this.seqsByCall.set(callId, (set = new Set()));
    set.add(seq);
  }

  private toFlow(seq: number, key: Id): void {
    this.flowOfSeq.set(seq, key);
    let set = this.seqsByFlow.get(key);
    if (!set) this.seqsByFlow.set(key, (set = new Set()));
    set.add(seq);
    const call = this.callOfFlow.get(key);
    if (call) this.toCall(seq, call);
  }
}
