/**
 * A stdio server with the one tool the conformance suite's `tools-call-elicitation`
 * server scenario calls, `test_elicitation`, as the suite describes it: it asks the
 * client for a username and an email with the message it was given, and answers
 * with what the client said. Every other scenario finds none of its tools here.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

serveStdio(() => {
  const server = new McpServer({ name: 'conformance-elicitation', version: '1.0.0' });
  server.registerTool(
    'test_elicitation',
    { description: 'Requests user input from the client.', inputSchema: z.object({ message: z.string() }) },
    async ({ message }, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'user');
      if (answer.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            user: inputRequired.elicit({
              message,
              requestedSchema: {
                type: 'object',
                properties: {
                  username: { type: 'string', description: "User's response" },
                  email: { type: 'string', description: "User's email address" },
                },
                required: ['username', 'email'],
              },
            }),
          },
        });
      }
      const said = answer.kind === 'elicit' ? `action: ${answer.action}, content: ${JSON.stringify(answer.content ?? {})}` : answer.kind;
      return { content: [{ type: 'text', text: `User response: <${said}>` }] };
    },
  );
  return server;
});
