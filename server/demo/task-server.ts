/**
 * A demo server that runs tool calls as tasks (2025-11-25). The v2 server SDK
 * has no task runtime: its typed surface leaves tasks/* out, and its tools/call
 * handler never sees `params.task`. So this works at the message level, with
 * the SDK's public seams only:
 * - tasks/get, tasks/result, tasks/list and tasks/cancel are registered with
 *   explicit schemas (the 2025 wire codec knows these methods; the typed
 *   overload does not offer them);
 * - a `tools/call` with `params.task` for a tool offered as a task is taken off
 *   the transport before the SDK sees it and answered with the created task.
 * Everything else, including a task tool called without `task`, goes to the SDK.
 */
import {
  McpServer,
  isJSONRPCRequest,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type Implementation,
  type JSONRPCMessage,
  type McpServerOptions,
  type RegisteredTool,
  type Transport,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DemoTaskStore, type TaskWork } from './task-store';

/** Turns a call's arguments into the task's work, or says why they are not valid. */
export type PrepareTask = (args: Record<string, unknown>) => TaskWork | { invalid: string };

const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
const TaskIdParams = z.looseObject({ taskId: z.string() });
const ListParams = z.looseObject({ cursor: z.string().optional() });
/** A task the requester gives no ttl keeps this long: a person may take a while to answer. */
const DEFAULT_TTL_MS = 10 * 60_000;
/** How long the person has to answer a question a task asks. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

export class TaskServer extends McpServer {
  readonly tasks = new DemoTaskStore();
  private readonly prepared = new Map<string, PrepareTask>();

  constructor(info: Implementation, options: McpServerOptions) {
    super(info, { ...options, capabilities: { ...options.capabilities, tasks: TASKS_CAPABILITY } });
    const handle = this.server;
    handle.setRequestHandler('tasks/get', { params: TaskIdParams }, ({ taskId }) => {
      const task = this.tasks.get(taskId);
      if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to retrieve task: no task ${taskId}`);
      return task;
    });
    handle.setRequestHandler('tasks/list', { params: ListParams }, ({ cursor }) => this.tasks.list(cursor));
    handle.setRequestHandler('tasks/cancel', { params: TaskIdParams }, ({ taskId }) => {
      const task = this.tasks.cancel(taskId);
      if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Cannot cancel task ${taskId}: it does not exist or has already ended`);
      return task;
    });
    handle.setRequestHandler('tasks/result', { params: TaskIdParams }, async ({ taskId }, ctx) => {
      // The questions the task asks go out on this request (over HTTP: on its response stream), marked with the task.
      const outcome = this.tasks.awaitOutcome(taskId, (params, signal) =>
        ctx.mcpReq.send(
          { method: 'elicitation/create', params: { ...params, _meta: { ...params._meta, [RELATED_TASK_META_KEY]: { taskId } } } },
          { timeout: ANSWER_TIMEOUT_MS, signal },
        ),
      );
      if (!outcome) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to retrieve task result: no task ${taskId}`);
      const ended = await outcome;
      if (!ended.result) throw new ProtocolError(ProtocolErrorCode.InternalError, `Task ${taskId} ${ended.task.status}: ${ended.error ?? 'no result'}`);
      return { ...ended.result, _meta: { ...ended.result._meta, [RELATED_TASK_META_KEY]: { taskId } } };
    });
  }

  /**
   * Offer a registered tool as a task too: a call with `params.task` runs `prepare`'s work as
   * one. `registerTool` drops `execution` from its config; the registered tool carries it.
   */
  offerAsTask(toolName: string, tool: RegisteredTool, prepare: PrepareTask): void {
    tool.execution = { taskSupport: 'optional' };
    this.prepared.set(toolName, prepare);
  }

  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    // The SDK set onmessage in connect: wrap it, so task calls are answered here first.
    const deliver = transport.onmessage;
    transport.onmessage = (message: JSONRPCMessage, extra) => {
      if (!this.claimTaskCall(message, transport)) deliver?.(message, extra);
    };
  }

  private claimTaskCall(message: JSONRPCMessage, transport: Transport): boolean {
    if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return false;
    // 2025-06-18 has no tasks: there the call runs as a plain call, as for a client that asked for none.
    if (this.server.getNegotiatedProtocolVersion() !== '2025-11-25') return false;
    const params = message.params ?? {};
    const task = params.task;
    const prepare = typeof params.name === 'string' ? this.prepared.get(params.name) : undefined;
    if (typeof task !== 'object' || task === null || !prepare) return false;
    const args = typeof params.arguments === 'object' && params.arguments !== null ? (params.arguments as Record<string, unknown>) : {};
    const work = prepare(args);
    const ttl = 'ttl' in task && typeof task.ttl === 'number' && task.ttl > 0 ? Math.min(task.ttl, DEFAULT_TTL_MS) : DEFAULT_TTL_MS;
    const reply: JSONRPCMessage =
      'invalid' in work
        ? { jsonrpc: '2.0', id: message.id, error: { code: ProtocolErrorCode.InvalidParams, message: work.invalid } }
        : { jsonrpc: '2.0', id: message.id, result: { task: this.tasks.start(work, ttl) } };
    // A transport that closed meanwhile has no one to answer: the task lives on until its ttl.
    transport.send(reply).catch(() => undefined);
    return true;
  }
}
