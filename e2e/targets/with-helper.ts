/**
 * A server that starts a helper process of its own (as servers launched through
 * npx or a shell script do) and can exit by itself: its `die` tool exits with
 * code 9, leaving the helper behind unless the inspector ends it.
 * With WITH_HELPER_PIDS set, every helper's pid is appended to that file, including
 * those of processes the client starts for itself (the SDK's stdio version probe),
 * whose stderr nobody sees.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const helper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
process.stderr.write(`with-helper: helper pid ${helper.pid}\n`);
if (process.env.WITH_HELPER_PIDS) appendFileSync(process.env.WITH_HELPER_PIDS, `${helper.pid}\n`);

serveStdio(() => {
  const server = new McpServer({ name: 'with-helper', version: '1.0.0' });
  server.registerTool('die', { description: 'Exits the server with code 9 (the helper is left running).', inputSchema: z.object({}) }, async () => {
    setTimeout(() => process.exit(9), 10);
    return { content: [{ type: 'text', text: 'bye' }] };
  });
  return server;
});
