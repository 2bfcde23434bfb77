/** Entry point: the demo server over stdio, serving both protocol eras. */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createDemoServer } from './demo-server';

serveStdio(({ era }) => createDemoServer({ era }));
process.stderr.write(`elicitation-demo: ready on stdio (pid ${process.pid})\n`);
