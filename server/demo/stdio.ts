/** Entry point: the demo server over stdio, serving both protocol eras. */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { ConsentSite } from './consent-site';
import { createDemoServer } from './demo-server';

const site = new ConsentSite();
serveStdio(({ era }) => createDemoServer({ era, site }));
process.stderr.write(`elicitation-demo: ready on stdio (pid ${process.pid})\n`);
