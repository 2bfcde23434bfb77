/**
 * A server written with mcp-use (2.5), the way its README writes one: `new MCPServer`, tools with zod
 * schemas, `server.listen()`. mcp-use serves Streamable HTTP only (stateless, 2026-07-28 first), and
 * needs Node 22: mcp-use is installed with that Node from e2e/node22/, never in this project's node_modules, and
 * tests run a copy of this file placed beside that install (e2e/support/node22.ts), where its imports resolve.
 *
 * It asks the way mcp-use's API asks, by returning `inputRequired(...)`:
 * - `book_table`: a form, its answer read back through the schema-aware `acceptedContent(…, schema)`
 *   the SDK's docs point to; content that fails the schema is asked for again.
 * - `book_table_unchecked`: the same form, its answer read with the two-argument `acceptedContent`,
 *   which does not validate; the booking is echoed back.
 * - `connect_calendar`: a URL flow (`inputRequired.elicitUrl`), taken as done on the person's consent.
 * - `order_cake`: two rounds, the first answer carried in a `requestState` signed by the SDK's
 *   `createRequestStateCodec`, which the server's `requestState.verify` checks on every retry.
 *
 * Prints LOOPBACK_PORT=n once it listens on 127.0.0.1 (port 0 unless --port is given).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { MCPServer, acceptedContent, createRequestStateCodec, inputRequired, inputResponse, text } from 'mcp-use';
import { z } from 'zod';

// No z.email() or z.iso.date(): mcp-use's conversion to the wire's schema refuses the `pattern` they carry
// ("unsupported JSON Schema constraint(s) … properties.email.pattern"), and the tool fails before it asks.
const Booking = z.object({
  name: z.string().min(2).max(40).describe('Name for the booking'),
  guests: z.number().int().min(1).max(12).describe('Guests'),
  seating: z.enum(['inside', 'terrace']).describe('Seating'),
  notes: z.string().max(200).optional().describe('Anything we should know'),
});

const codec = createRequestStateCodec({ key: randomBytes(32) });
const server = new MCPServer({
  name: 'mcp-use-bookings',
  title: 'Bookings (mcp-use)',
  version: '1.0.0',
  requestState: { verify: codec.verify },
});

const askBooking = (message) => inputRequired({ inputRequests: { booking: inputRequired.elicit({ message, requestedSchema: Booking }) } });
const booked = (booking) => ({ content: [{ type: 'text', text: `Booked: ${JSON.stringify(booking)}` }], structuredContent: { booking } });

server.tool(
  { name: 'book_table', title: 'Book a table', description: 'Asks who is coming; checks the answer against its schema.', inputSchema: z.object({}) },
  async (_args, ctx) => {
    const answer = inputResponse(ctx.inputResponses, 'booking');
    if (answer.kind === 'missing') return askBooking('Who is coming?');
    if (answer.kind === 'elicit' && answer.action !== 'accept') return text(`Not booked: ${answer.action}`);
    const booking = acceptedContent(ctx.inputResponses, 'booking', Booking);
    if (booking === undefined) return askBooking('That booking did not look right: who is coming?');
    return booked(booking);
  },
);

server.tool(
  {
    name: 'book_table_unchecked',
    title: 'Book a table (unchecked)',
    description: 'Asks who is coming; takes the answer as it comes.',
    inputSchema: z.object({}),
  },
  async (_args, ctx) => {
    const answer = inputResponse(ctx.inputResponses, 'booking');
    if (answer.kind === 'missing') return askBooking('Who is coming?');
    if (answer.kind === 'elicit' && answer.action !== 'accept') return text(`Not booked: ${answer.action}`);
    return booked(acceptedContent(ctx.inputResponses, 'booking') ?? null);
  },
);

server.tool(
  { name: 'connect_calendar', title: 'Connect a calendar', description: 'Sends the person to a sign-in page.', inputSchema: z.object({}) },
  async (_args, ctx) => {
    const answer = inputResponse(ctx.inputResponses, 'calendar');
    if (answer.kind === 'missing') {
      return inputRequired({
        inputRequests: { calendar: inputRequired.elicitUrl({ message: 'Sign in to your calendar', url: 'https://calendar.example.com/connect' }) },
      });
    }
    return text(
      answer.kind === 'elicit' && answer.action === 'accept'
        ? 'Calendar connected'
        : `Not connected: ${answer.kind === 'elicit' ? answer.action : answer.kind}`,
    );
  },
);

const Flavour = z.object({ flavour: z.enum(['chocolate', 'lemon']).describe('Flavour') });
const Confirm = z.object({ confirm: z.boolean().describe('Order it') });

server.tool(
  { name: 'order_cake', title: 'Order a cake', description: 'Asks the flavour, then asks to confirm.', inputSchema: z.object({}) },
  async (_args, ctx) => {
    const state = ctx.requestState();
    const answer = inputResponse(ctx.inputResponses, state === undefined ? 'flavour' : 'confirm');
    if (answer.kind === 'elicit' && answer.action !== 'accept') return text(`Not ordered: ${answer.action}`);
    if (state === undefined) {
      const flavour = acceptedContent(ctx.inputResponses, 'flavour', Flavour);
      if (flavour === undefined)
        return inputRequired({ inputRequests: { flavour: inputRequired.elicit({ message: 'Which flavour?', requestedSchema: Flavour }) } });
      // An order number of its own: the codec's state for the same answer in the same second is otherwise byte for byte the same.
      const requestState = await codec.mint({ flavour: flavour.flavour, order: randomUUID() });
      return inputRequired({
        inputRequests: { confirm: inputRequired.elicit({ message: `Order a ${flavour.flavour} cake?`, requestedSchema: Confirm }) },
        requestState,
      });
    }
    const confirm = acceptedContent(ctx.inputResponses, 'confirm', Confirm);
    if (confirm === undefined) {
      return inputRequired({
        inputRequests: { confirm: inputRequired.elicit({ message: `Order a ${state.flavour} cake?`, requestedSchema: Confirm }) },
        requestState: await codec.mint(state),
      });
    }
    return text(confirm.confirm ? `Ordered a ${state.flavour} cake` : 'Not ordered');
  },
);

const portAt = process.argv.indexOf('--port');
const { port } = await server.listen(portAt > 0 ? Number(process.argv[portAt + 1]) : 0, { host: '127.0.0.1' });
console.log(`LOOPBACK_PORT=${port}`);
