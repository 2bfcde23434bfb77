/**
 * File inputs (SEP-2356) whose `accept` uses wildcards: `any_file` takes any type (`*` + `/*`) of at most
 * 16 bytes, `any_image` any `image/*`, `odd_accept` lists only entries HTML's accept grammar ignores
 * (`*`, `image/`), so any file goes. Each answers with what it got, on 2026-07-28.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const TOOLS = [
  { name: 'any_file', descriptor: { accept: ['*/*'], maxSize: 16 } },
  { name: 'any_image', descriptor: { accept: ['image/*'] } },
  { name: 'odd_accept', descriptor: { accept: ['*', 'image/'] } },
] as const;

serveStdio(() => {
  const server = new McpServer({ name: 'file-accept', version: '1.0.0' });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { description: `A file input with accept ${JSON.stringify(tool.descriptor.accept)}.`, inputSchema: z.object({}) },
      async (_args, ctx) => {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'file');
        if (view.kind === 'missing')
          return inputRequired({
            inputRequests: {
              file: inputRequired.elicit({
                message: `A file for ${tool.name}, please.`,
                requestedSchema: { type: 'object', properties: { file: { type: 'string', format: 'uri', title: 'File', 'x-mcp-file': tool.descriptor } } },
              } as never),
            },
          });
        const file = view.kind === 'elicit' && view.action === 'accept' ? view.content?.file : undefined;
        return { content: [{ type: 'text', text: `${tool.name}: ${typeof file === 'string' ? file.slice(0, file.indexOf(',') + 1) : 'no file'}` }] };
      },
    );
  }
  return server;
});
