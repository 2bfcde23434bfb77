/**
 * A deliberately hostile MCP server over stdio, written as raw JSON-RPC text (no
 * SDK: an SDK would refuse to send most of this). Speaks 2025-11-25.
 *   hostile-stdio.ts                  each tool sends one kind of abuse, then answers normally
 *   hostile-stdio.ts deep-initialize  its initialize result is nested 5,000 levels deep
 * Its stdin ending does not end it: the inspector must end it by its pid.
 */
import { BIG_BYTES, deepJson, FLOOD_COUNT, HOSTILE_TOOLS, HUGE_BYTES } from './hostile-payloads';
import { readMessages, type Message } from './raw-stdio';

const scenario = process.argv[2] ?? 'tools';
const write = (text: string): void => void process.stdout.write(text + '\n');
const reply = (id: unknown, resultJson: string): void => write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`);
const text = (value: string) => `{"content":[{"type":"text","text":${JSON.stringify(value)}}]}`;

function handle(message: Message): void {
  const { id, method } = message;
  if (id === undefined || !method) return;
  if (method === 'initialize') {
    const experimental = scenario === 'deep-initialize' ? deepJson(5000) : '{}';
    return reply(
      id,
      `{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"experimental":${experimental}},"serverInfo":{"name":"hostile","version":"1.0.0"}}`,
    );
  }
  if (method === 'tools/list') return reply(id, JSON.stringify({ tools: HOSTILE_TOOLS }));
  if (method !== 'tools/call') return write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32601,"message":"Method not found"}}`);
  switch (message.params?.name) {
    case 'deep_notification':
      write(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":${deepJson(5000)}}}`);
      return reply(id, text('sent a 5,000-deep notification'));
    case 'deep_result':
      return reply(id, `{"content":[{"type":"text","text":"a deep result"}],"structuredContent":{"deep":${deepJson(5000)}}}`);
    case 'big_message':
      return reply(id, text('x'.repeat(BIG_BYTES)));
    case 'huge_message':
      return reply(id, text('x'.repeat(HUGE_BYTES)));
    case 'garbage':
      process.stdout.write(Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x00, 0x0a, 0x7b, 0xe2, 0x82, 0x0a]));
      write('{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"\xff\ud800 broken"}}');
      return reply(id, text('sent garbage'));
    case 'flood':
      for (let i = 0; i < FLOOD_COUNT; i++) write(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"flood ${i}"}}`);
      return reply(id, text(`flooded ${FLOOD_COUNT} notifications`));
    case 'echo_depth':
      return reply(id, text('arguments arrived'));
    default:
      return reply(id, text('unknown tool'));
  }
}

readMessages(handle, { onUnreadable: (_line, why) => void process.stderr.write(`hostile: could not read a line: ${why}\n`) });
process.stderr.write(`hostile: pid ${process.pid}\n`);
// A server that ignores the end of its stdin: only its pid can end it.
process.stdin.on('end', () => setInterval(() => {}, 60_000));
