/**
 * A hand-written 2025 JSON-RPC stdio server (no SDK) for how sessions end:
 *   raw-lifecycle.ts ignore-discover  never answers server/discover, nor a ping before initialize (Auto's probe waits it out)
 *   raw-lifecycle.ts silent           answers nothing at all, not even initialize
 *   raw-lifecycle.ts stdout-noise     prints plain text on stdout; its `flood` tool prints 5,000 lines
 *   raw-lifecycle.ts huge-line        its `huge` tool answers with one line over 10 MiB
 *   raw-lifecycle.ts double-fork      leaves a grandchild in its own session (a daemon); `die` exits
 * Tools: `die` (exit code 5), `elicit_then_die` (asks for a form, then exits with code 6), `ping_me`
 * (sends the client 20 pings, then answers).
 * Every process of it appends its pid to RAW_LIFECYCLE_PIDS, and the grandchild its pid to
 * RAW_LIFECYCLE_DAEMON, when set.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { readMessages, send, type Message } from './raw-stdio';

const scenario = process.argv[2];
if (process.env.RAW_LIFECYCLE_PIDS) appendFileSync(process.env.RAW_LIFECYCLE_PIDS, `${process.pid}\n`);
process.stderr.write(`raw-lifecycle ${scenario}: pid ${process.pid}\n`);

if (scenario === 'stdout-noise') process.stdout.write('Server starting on stdio...\n');
if (scenario === 'double-fork') {
  // The middle process starts a detached (own session) grandchild and exits at once: no parent link leads to it.
  // It reports its pid only once the middle process is gone, so nothing links it to the server any more.
  const daemon = `const fs = require('node:fs'); const ppid = () => fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[1]; const parent = process.argv[1]; const wait = setInterval(() => { if (ppid() === parent) return; clearInterval(wait); if (process.env.RAW_LIFECYCLE_DAEMON) fs.appendFileSync(process.env.RAW_LIFECYCLE_DAEMON, process.pid + '\\n'); }, 20); setInterval(() => {}, 1000);`;
  const middle = `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(daemon)}, String(process.pid)], { detached: true, stdio: 'ignore' }).unref();`;
  spawn(process.execPath, ['-e', middle], { stdio: 'ignore' });
}

const TOOLS = ['die', 'elicit_then_die', 'flood', 'huge', 'ping_me'].map((name) => ({ name, inputSchema: { type: 'object' } }));

function handle(message: Message): void {
  const { id, method } = message;
  if (id === undefined || !method) return; // notifications and responses need no answer
  if (scenario === 'silent' || ((method === 'server/discover' || method === 'ping') && scenario === 'ignore-discover')) return;
  if (method === 'initialize') {
    return send({
      id,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: `raw-lifecycle-${scenario}`, version: '1.0.0' } },
    });
  }
  if (method === 'tools/list') return send({ id, result: { tools: TOOLS } });
  if (method === 'tools/call') {
    const name = message.params?.name;
    if (name === 'die') return void setTimeout(() => process.exit(5), 10);
    if (name === 'elicit_then_die') {
      send({
        id: 'ask-1',
        method: 'elicitation/create',
        params: { message: 'Last words?', requestedSchema: { type: 'object', properties: { words: { type: 'string' } } } },
      });
      return void setTimeout(() => process.exit(6), 300);
    }
    if (name === 'flood') {
      process.stdout.write(Array.from({ length: 5000 }, (_, i) => `debug: noise line ${i + 1}\n`).join(''));
      return send({ id, result: { content: [{ type: 'text', text: 'flooded' }] } });
    }
    if (name === 'ping_me') {
      for (let i = 1; i <= 20; i++) send({ id: `ping-${i}`, method: 'ping' });
      return void setTimeout(() => send({ id, result: { content: [{ type: 'text', text: 'pinged' }] } }), 200);
    }
    if (name === 'huge') return send({ id, result: { content: [{ type: 'text', text: 'x'.repeat(11 * 1024 * 1024) }] } });
  }
  send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
}

readMessages(handle);
process.stdin.on('end', () => process.exit(0));
