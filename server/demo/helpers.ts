import { inputRequired, inputResponse, type ElicitRequestFormParams, type ServerContext } from '@modelcontextprotocol/server';
import { validateContent } from '../checks/content-validation';

type Schema = ElicitRequestFormParams['requestedSchema'];

export const text = (value: string) => ({ type: 'text' as const, text: value });

/** An embedded form request for `inputRequired(...)`. */
export const elicit = (message: string, schema: unknown) => inputRequired.elicit({ message, requestedSchema: schema as Schema });

/** Read a form answer from a retry, checking it against the schema that asked for it, as a careful server does. */
export function formAnswer(ctx: ServerContext, key: string, schema: unknown) {
  const view = inputResponse(ctx.mcpReq.inputResponses, key);
  if (view.kind !== 'elicit') return { state: 'missing' as const };
  if (view.action !== 'accept') return { state: view.action };
  const problems = validateContent(schema as Record<string, unknown>, view.content ?? {});
  if (problems.length) return { state: 'invalid' as const, problems: problems.map((p) => `${p.path || 'content'} ${p.message}`).join('; ') };
  return { state: 'accepted' as const, content: view.content ?? {} };
}
