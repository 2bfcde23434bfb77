/**
 * The judge takes a runtime error's message for a crash, however a framework passes it on. The
 * messages are not written down here: each form is triggered in a Node 20 and a Node 22 process
 * (e2e/support/node22.ts), as a careless tool handler would trigger it, and the judge reads what
 * that Node printed: bare (what the classic and the 2.4 SDK put in a tool error), after "Error: ",
 * after "MCP error -32603: " (an SDK's error passed on), and as a JSON-RPC error's message.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { node22 } from '../../e2e/support/node22';
import { judgeCase, type CaseObservation } from './judge';

/** Each form, as code a handler runs on an answer `r` it trusted. */
const FORMS: Record<string, string> = {
  'read a property of undefined': 'const r = {}; r.content.nights;',
  'read a property of null': 'const r = { content: null }; r.content.nights;',
  'set a property of undefined': 'const r = {}; r.content.nights = 1;',
  'set a property of null': 'const r = { content: null }; r.content.nights = 1;',
  'destructure a property of undefined': 'const r = {}; const { nights } = r.content;',
  'destructure a property of null': 'const r = { content: null }; const { nights } = r.content;',
  'destructure a parameter': 'const f = ({ nights }) => nights; f(undefined);',
  'destructure null with nothing named': 'const r = { content: null }; const { ...rest } = r.content;',
  'call what is not a function': 'const r = { content: { name: 7301 } }; r.content.name.trim();',
  'new on what is not a constructor': 'const r = { content: { make: 1 } }; new r.content.make();',
  'iterate undefined': 'const r = { content: {} }; for (const wish of r.content.wishes);',
  'iterate a number': 'const r = { content: { wishes: 5 } }; new Set(r.content.wishes);',
  'array-destructure null': 'const r = { content: { pair: null } }; const [a] = r.content.pair;',
  'spread a number into arguments': 'const r = { content: { n: 5 } }; Math.max(...r.content.n);',
  'entries that are not pairs': 'const r = { content: { pairs: [1] } }; new Map(r.content.pairs);',
  'a method called on null': 'const r = { content: { name: null } }; String.prototype.trim.call(r.content.name);',
  'keys of undefined': 'const r = { content: {} }; Object.keys(r.content.tags);',
  'an object with no primitive value': 'const r = { content: Object.create(null) }; `${r.content}`;',
  'a Symbol as a string': "const r = { content: { s: Symbol('x') } }; `${r.content.s}`;",
  'BigInt mixed with a number': 'const r = { content: { n: 1n } }; r.content.n + 1;',
  "'in' on a primitive": "const r = { content: { name: 'ada' } }; 'first' in r.content.name;",
  'instanceof a number': 'const r = { content: { type: 5 } }; ({}) instanceof r.content.type;',
  'a property created on a string': "'use strict'; const r = { content: { name: 'ada' } }; r.content.name.seen = true;",
  'a property added to a frozen object': "'use strict'; const r = { content: Object.preventExtensions({}) }; r.content.seen = true;",
  'a read-only property assigned': "'use strict'; const r = { content: Object.freeze({ name: 'ada' }) }; r.content.name = 'x';",
  'a property deleted from a frozen object': "'use strict'; const r = { content: Object.freeze({ name: 'ada' }) }; delete r.content.name;",
  'a property redefined': "const r = { content: Object.freeze({ name: 'ada' }) }; Object.defineProperty(r.content, 'name', { value: 'x' });",
  'defineProperty on a primitive': "const r = { content: { name: 'ada' } }; Object.defineProperty(r.content.name, 'x', {});",
  'a constant assigned': 'const nights = 1; nights = 2;',
  'a private member of another object': 'class Stay { #n = 1; static n(o) { return o.#n; } } Stay.n({});',
  'a class called without new': 'class Stay {} Stay();',
  'a BigInt written as JSON': 'const r = { content: { n: 1n } }; JSON.stringify(r.content);',
  'a getter assigned': "'use strict'; const r = { content: { get name() { return 'ada'; } } }; r.content.name = 'x';",
  'an iterator that returns a number': 'const r = { content: { [Symbol.iterator]: () => ({ next: () => 5 }) } }; [...r.content];',
  'a prototype that is not an object': 'const r = { content: { proto: 5 } }; Object.create(r.content.proto);',
  'a sort given a number': 'const r = { content: { wishes: [2, 1], order: 5 } }; r.content.wishes.sort(r.content.order);',
  'a typed array of negative length': 'const r = { content: { size: -1 } }; new Uint8Array(r.content.size);',
  'circular JSON': 'const r = { content: {} }; r.content.self = r.content; JSON.stringify(r.content);',
  'reduce of an empty list': 'const r = { content: { wishes: [] } }; r.content.wishes.reduce((a, b) => a + b);',
  'a weak map keyed by a primitive': "const r = { content: { name: 'ada' } }; new WeakMap().set(r.content.name, 1);",
  'a revoked proxy': 'const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); proxy.content;',
  "Node's check of an argument's type": 'const r = { content: { data: null } }; Buffer.from(r.content.data);',
  'an undefined variable': 'nights + 1;',
  'a variable used before its declaration': 'const f = () => later; f(); let later = 1;',
  'this before super': 'class A {} class B extends A { constructor() { this.x = 1; super(); } } new B();',
  'unbounded recursion': 'const f = (n) => f(n + 1); f(0);',
  'an invalid date': "const r = { content: { day: '2026-13-45' } }; new Date(r.content.day).toISOString();",
  'an invalid array length': 'const r = { content: { nights: -1 } }; new Array(r.content.nights);',
  'a negative repeat count': "const r = { content: { nights: -1 } }; 'x'.repeat(r.content.nights);",
  'text parsed as JSON': "const r = { content: { data: 'audit' } }; JSON.parse(r.content.data);",
  'undefined parsed as JSON': 'const r = { content: {} }; JSON.parse(r.content.data);',
  'an object literal cut short, parsed as JSON': "JSON.parse('{bad');",
  'text used as a regular expression': "const r = { content: { pattern: '[' } }; new RegExp(r.content.pattern);",
  'a malformed URI component': "const r = { content: { path: '%' } }; decodeURIComponent(r.content.path);",
};

/** Each form's message, as `node` prints it. */
function messages(node: string): Record<string, string> {
  const script = `const forms = ${JSON.stringify(FORMS)}; const out = {};
for (const [form, code] of Object.entries(forms)) { try { new Function(code)(); out[form] = null; } catch (e) { out[form] = e.message; } }
process.stdout.write(JSON.stringify(out));`;
  return JSON.parse(execFileSync(node, ['-e', script], { encoding: 'utf8' })) as Record<string, string>;
}

const asToolError = (text: string): CaseObservation => ({
  end: { outcome: 'result', result: { content: [{ type: 'text', text }], isError: true } },
  askedAgain: false,
  wentOn: false,
});
const asJsonRpcError = (message: string): CaseObservation => ({
  end: { outcome: 'error', error: { code: -32603, message } },
  askedAgain: false,
  wentOn: false,
});

const printed: Record<string, Record<string, string>> = {};
beforeAll(() => {
  printed['Node 20'] = messages(process.execPath);
  // Installed by Vitest's global setup (e2e/support/node22-setup.ts); a failed install is tried again here.
  printed['Node 22'] = messages(node22());
}, 120_000);

describe("the judge on a runtime error's message", () => {
  it.each(Object.keys(FORMS))('%s: a crash, however it is passed on', (form) => {
    for (const [node, printedBy] of Object.entries(printed)) {
      const message = printedBy[form];
      expect(message, `${node} threw nothing for ${form}`).toEqual(expect.any(String));
      for (const seen of [
        asToolError(message),
        asToolError(`Error: ${message}`),
        asToolError(`MCP error -32603: ${message}`),
        asJsonRpcError(`MCP error -32603: ${message}`),
      ])
        expect(judgeCase('refuse', { value: null }, seen), `${node}: ${JSON.stringify(seen.end)}`).toMatchObject({
          verdict: 'broke',
          reason: expect.stringContaining('runtime error') as string,
        });
    }
  });

  it('takes what careful servers say when they refuse for a refusal, and what the SDKs say for their own check', () => {
    for (const text of [
      'count must be a number',
      'Invalid arguments: name is required',
      'the type of plan is not allowed',
      'The plan "audit-not-an-option" is not defined in this form; pick one of free, pro.',
      'Invalid URL',
    ])
      expect(judgeCase('refuse', { value: null }, asToolError(text)), text).toEqual({ verdict: 'refused', reason: 'a tool error' });
    for (const text of [
      'MCP error -32602: Elicitation response content does not match requested schema: data/nights must be integer',
      "MCP error -32602: Elicitation response content does not match requested schema: data must have required property 'nights'",
      'MCP error -32602: Invalid elicitation result: [\n  {\n    "code": "invalid_union",\n    "errors": []\n  }\n]',
    ])
      expect(judgeCase('refuse', { value: null }, asToolError(text)), text).toEqual({
        verdict: 'refused',
        reason: "refused by the SDK's own check, before your code",
      });
  });
});
