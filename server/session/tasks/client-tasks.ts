/**
 * Task-augmented elicitation (2025-11-25), answered at the message level: the
 * SDK client has no task runtime (it would answer `elicitation/create` with an
 * ElicitResult and `tasks/*` with -32601), so the session takes these requests
 * away from it (see TransportTap's `claim`) and answers them here. The form
 * itself goes through the broker like any elicitation, so rules, the log and
 * the story treat it alike; the answer completes the task.
 */
import { randomUUID } from 'node:crypto';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { NewLogEvent } from '../../wire/events';
import { findingOf, type RaisedFinding } from '../../wire/finding-codes';
import type { SessionSettings } from '../../wire/target';
import type { ElicitationBroker } from '../requests/broker';
import type { RpcId } from '../tap';
import { ClientTaskStore, type RpcAnswer, type StatusChange } from './client-task-store';

const TASK_METHODS = new Set(['tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel']);
const WAITING_FOR_PERSON = 'Waiting for a person to answer the form';

export type ClientTasksHost = {
  settings(): SessionSettings;
  era(): 'legacy' | 'modern' | undefined;
  broker(): ElicitationBroker;
  emit(event: NewLogEvent): void;
  /** Send a message on the session's transport (it passes the tap, so it is logged). */
  send(message: JSONRPCMessage): Promise<void>;
  /** The tool call a server request with this id belongs to, if one can be told. */
  attribute(rpcId: RpcId): string | undefined;
  /** The server request as it arrived, with the findings already logged about it. */
  findingsFor(rpcId: RpcId): RaisedFinding[] | undefined;
};

/** The capability a client with Tasks on declares (2025-06-18 has no tasks). */
export function tasksCapability(settings: SessionSettings): { tasks?: Record<string, unknown> } {
  if (!settings.tasks.enabled || settings.protocol === '2025-06-18' || !settings.elicitation.form) return {};
  return { tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } } };
}

/** Findings about a server's request that uses tasks when this client did not declare them. */
export function undeclaredTaskFindings(method: string, params: Record<string, unknown>, settings: SessionSettings): RaisedFinding[] {
  if (tasksCapability(settings).tasks) return [];
  if (TASK_METHODS.has(method)) {
    return [
      findingOf(
        'tasks-undeclared',
        `The server sent ${method}, but this client did not declare the "tasks" capability, so it runs no tasks; a server must not ask about tasks the client cannot have.`,
      ),
    ];
  }
  if (method === 'elicitation/create' && params.task !== undefined) {
    return [
      findingOf(
        'task-augmentation-undeclared',
        'The server asked for this elicitation as a task (params.task), but this client did not declare tasks.requests.elicitation.create; a server must not. It is answered as a plain elicitation.',
      ),
    ];
  }
  return [];
}

export class ClientTasks {
  private readonly store: ClientTaskStore;
  /** Task id → the form it waits on, and how to withdraw that form. */
  private readonly forms = new Map<string, { key: string; callId?: string; withdraw: AbortController }>();

  constructor(private readonly host: ClientTasksHost) {
    this.store = new ClientTaskStore(randomUUID, (change) => this.logStatus(change));
  }

  /** Answer this message here instead of the SDK? Only requests, only on 2025 connections that declared tasks. */
  claim(message: JSONRPCMessage): boolean {
    if (!('method' in message) || !('id' in message) || this.host.era() === 'modern') return false;
    if (!tasksCapability(this.host.settings()).tasks) return false;
    const params: Record<string, unknown> = typeof message.params === 'object' && message.params !== null ? message.params : {};
    if (message.method === 'elicitation/create' && typeof params.task === 'object' && params.task !== null && params.mode !== 'url') {
      const rpcId = message.id;
      // Over Streamable HTTP the stream watcher (reading a copy of the same bytes) tells which call carried it: let it catch up.
      setImmediate(() => this.startElicitationTask(rpcId, params));
      return true;
    }
    if (!TASK_METHODS.has(message.method)) return false;
    void this.answerTaskRequest(message.id, message.method, params);
    return true;
  }

  private startElicitationTask(rpcId: RpcId, params: Record<string, unknown>): void {
    const callId = this.host.attribute(rpcId);
    const task = this.store.create(params.task as { ttl?: unknown }, Date.now());
    const withdraw = new AbortController();
    // The task exists before its form, so the form's entries follow the task's creation in the log.
    this.reply(rpcId, { result: { task } });
    const { key, answer } = this.host.broker().request({
      callId,
      origin: { kind: 'push', rpcId },
      params,
      signal: withdraw.signal,
      findings: this.host.findingsFor(rpcId),
    });
    this.forms.set(task.taskId, { key, ...(callId && { callId }), withdraw });
    this.host.emit({
      kind: 'task-status',
      taskId: task.taskId,
      runner: 'client',
      status: 'working',
      statusMessage: WAITING_FOR_PERSON,
      key,
      ...(callId && { callId }),
    });
    void answer.then((result) => {
      // An ended form (the call or session ended) answers `cancel`, as a plain elicitation would.
      this.store.finish(task.taskId, 'completed', { result }, Date.now(), `The person answered: ${result.action}`);
    });
  }

  private async answerTaskRequest(rpcId: RpcId, method: string, params: Record<string, unknown>): Promise<void> {
    switch (method) {
      case 'tasks/get':
        return this.reply(rpcId, this.store.get(params.taskId));
      case 'tasks/list':
        return this.reply(rpcId, this.store.list(params.cursor));
      case 'tasks/cancel': {
        const answer = this.store.cancel(params.taskId, Date.now());
        const form = typeof params.taskId === 'string' ? this.forms.get(params.taskId) : undefined;
        if ('result' in answer && form) form.withdraw.abort('The server cancelled this task (tasks/cancel); the form is withdrawn.');
        return this.reply(rpcId, answer);
      }
      case 'tasks/result':
        return this.reply(rpcId, await this.store.result(params.taskId));
    }
  }

  private reply(id: RpcId, answer: RpcAnswer): void {
    // A session that closed while tasks/result waited cannot answer: the server's request died with it.
    const message: JSONRPCMessage = 'result' in answer ? { jsonrpc: '2.0', id, result: answer.result } : { jsonrpc: '2.0', id, error: answer.error };
    this.host.send(message).catch(() => undefined);
  }

  private logStatus(change: StatusChange): void {
    // The first status is logged with its form (see startElicitationTask), once the form has a key.
    const form = this.forms.get(change.taskId);
    if (!form) return;
    this.host.emit({
      kind: 'task-status',
      taskId: change.taskId,
      runner: 'client',
      status: change.to,
      ...(change.statusMessage !== undefined && { statusMessage: change.statusMessage }),
      key: form.key,
      ...(form.callId && { callId: form.callId }),
    });
  }
}
