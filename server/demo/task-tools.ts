/**
 * Tasks (2025-11-25), both ways round:
 *   prepare_report       a tool call the server runs as a task: a few seconds of work, a
 *                        question to the person mid-task (status input_required, the form
 *                        delivered on tasks/result), then a result that uses the answer;
 *   ask_as_client_task   an elicitation the server asks the client to run as a task
 *                        (params.task), polling the client's tasks/get, then tasks/result.
 * 2026-07-28 has no tasks in its core protocol (they moved to an extension the
 * inspector does not implement): there both tools are listed without
 * `execution` and say so when called, instead of vanishing from the list.
 */
import { specTypeSchemas, type CallToolResult, type ElicitRequestFormParams, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { text } from './helpers';
import { TaskServer } from './task-server';
import { isEnded, type TaskRun, type TaskWork } from './task-store';

type Schema = ElicitRequestFormParams['requestedSchema'];

const TITLE_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', title: 'Report title', minLength: 1, maxLength: 80 },
    audience: { type: 'string', title: 'Audience', enum: ['team', 'board', 'customers'], default: 'team' },
  },
  required: ['title'],
};
const SLOT_SCHEMA = {
  type: 'object',
  properties: { slot: { type: 'string', title: 'Delivery slot', enum: ['morning', 'afternoon', 'evening'], default: 'morning' } },
  required: ['slot'],
};
const STEP_MS = 1_200;
const NO_TASKS_ON_2026 =
  'needs protocol 2025-11-25: 2026-07-28 has no tasks in its core protocol (they moved to an extension the inspector does not implement). Pick 2025-11-25 in Client settings, switch Tasks on and reconnect.';
const ReportArgs = z.object({ topic: z.string().min(1).default('quarterly sales').describe('What the report is about') });

export function registerTaskTools(server: McpServer): void {
  const isLegacy = server instanceof TaskServer;
  const reportTool = server.registerTool(
    'prepare_report',
    {
      title: 'Prepare a report (runs as a task)',
      description:
        'Takes a few seconds, asks you for a title half-way, then returns the report. Run as task: the server answers with a task, its status moves working → input_required → working → completed, and the question arrives on tasks/result (2025-11-25).',
      inputSchema: ReportArgs,
    },
    async ({ topic }, ctx) => {
      if (!isLegacy) return { content: [text(`prepare_report ${NO_TASKS_ON_2026}`)], isError: true };
      // Called without `task`: the same work, its question pushed as a plain elicitation.
      const run: TaskRun = {
        report: () => undefined,
        ask: (params) => ctx.mcpReq.elicitInput(params, { timeout: 10 * 60_000, signal: ctx.mcpReq.signal }),
        signal: ctx.mcpReq.signal,
      };
      return reportWork(topic)(run);
    },
  );
  if (server instanceof TaskServer) {
    server.offerAsTask('prepare_report', reportTool, (args) => {
      const parsed = ReportArgs.safeParse(args);
      return parsed.success ? reportWork(parsed.data.topic) : { invalid: `Invalid arguments for tool prepare_report: ${parsed.error.message}` };
    });
  }

  server.registerTool(
    'ask_as_client_task',
    {
      title: 'Ask the client to run a form as a task',
      description:
        'Sends elicitation/create with params.task: the client answers at once with a task, the server polls tasks/get until it ends, then reads the answer with tasks/result. Needs Tasks on in Client settings (2025-11-25).',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      if (!isLegacy) return { content: [text(`ask_as_client_task ${NO_TASKS_ON_2026}`)], isError: true };
      if (!server.server.getClientCapabilities()?.tasks?.requests?.elicitation?.create) {
        return {
          content: [
            text(
              'ask_as_client_task: this client did not declare tasks.requests.elicitation.create, so the server must not ask it for a task. Switch Tasks on in Client settings and reconnect.',
            ),
          ],
          isError: true,
        };
      }
      return askAsClientTask(ctx);
    },
  );
}

function reportWork(topic: string): TaskWork {
  return async (run) => {
    run.report('Gathering figures (step 1 of 3)');
    await pause(STEP_MS, run.signal);
    run.report('Drafting the report (step 2 of 3)');
    await pause(STEP_MS, run.signal);
    const answer = await run.ask({
      mode: 'form',
      message: `The report on ${topic} is drafted. What should it be called, and who is it for?`,
      requestedSchema: TITLE_SCHEMA as unknown as Schema,
    });
    const title = answer.content?.title;
    if (answer.action !== 'accept' || typeof title !== 'string') {
      return { content: [text(`prepare_report: stopped before the last step, no title (${answer.action})`)] };
    }
    run.report('Finishing (step 3 of 3)');
    await pause(STEP_MS, run.signal);
    const audience = typeof answer.content?.audience === 'string' ? answer.content.audience : 'team';
    return { content: [text(`prepare_report: "${title}" on ${topic}, for the ${audience}, is ready`)] };
  };
}

async function askAsClientTask(ctx: ServerContext): Promise<CallToolResult> {
  const signal = ctx.mcpReq.signal;
  const created = await ctx.mcpReq.send(
    {
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: 'Pick a delivery slot (asked as a task: the server polls for your answer).',
        requestedSchema: SLOT_SCHEMA,
        task: { ttl: 10 * 60_000 },
      },
    },
    specTypeSchemas.CreateTaskResult,
    { signal },
  );
  const { taskId } = created.task;
  const seen = [created.task.status];
  let status = created.task.status;
  let pollMs = created.task.pollInterval;
  try {
    while (!isEnded(status)) {
      await pause(Math.min(5_000, Math.max(100, pollMs ?? 1_000)), signal);
      const got = await ctx.mcpReq.send({ method: 'tasks/get', params: { taskId } }, specTypeSchemas.GetTaskResult, { signal });
      if (got.status !== status) seen.push(got.status);
      status = got.status;
      pollMs = got.pollInterval ?? pollMs;
    }
  } catch (error) {
    // The call was cancelled (or the client stopped answering): withdraw the client's task too.
    // A client that already ended the task refuses the cancel: nothing is left to withdraw then.
    await ctx.mcpReq.send({ method: 'tasks/cancel', params: { taskId } }, specTypeSchemas.CancelTaskResult).catch(() => undefined);
    throw error;
  }
  const statuses = `client task ${taskId}: ${seen.join(' → ')}`;
  if (status !== 'completed') return { content: [text(`ask_as_client_task: the client's task ended ${status}, with no answer`), text(statuses)] };
  const answer = await ctx.mcpReq.send({ method: 'tasks/result', params: { taskId } }, specTypeSchemas.ElicitResult, { signal });
  const content = answer.action === 'accept' && answer.content ? ` ${JSON.stringify(answer.content)}` : '';
  return { content: [text(`ask_as_client_task: ${answer.action}${content}`), text(statuses)] };
}

/** Wait, unless the task or call is cancelled first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stopped = () => (signal.reason instanceof Error ? signal.reason : new Error('Cancelled'));
    if (signal.aborted) return reject(stopped());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(stopped());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
