/**
 * The tool calls a conformance scenario asks its client to make, with their
 * arguments (MCP_CONFORMANCE_CONTEXT's `toolCalls`): a scenario that checks
 * how arguments travel (the SEP-2243 Mcp-Param headers) says which values to send.
 */
import { z } from 'zod';
import { parseConformanceContext } from '../auth/conformance-context';

const ToolCallsContextSchema = z
  .object({
    toolCalls: z
      .array(z.object({ name: z.string().min(1).max(1000), arguments: z.record(z.string(), z.unknown()).default({}) }))
      .min(1)
      .max(100),
  })
  .loose();

export type ToolCall = { name: string; arguments: Record<string, unknown> };

/** The context's tool calls, in order; undefined when it names none (or is not JSON), so the client calls what the server lists. */
export function conformanceToolCalls(json: string | undefined): ToolCall[] | undefined {
  const context = ToolCallsContextSchema.safeParse(parseConformanceContext(json));
  return context.success ? context.data.toolCalls : undefined;
}
