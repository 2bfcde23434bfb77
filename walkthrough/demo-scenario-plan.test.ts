import { describe, expect, it } from 'vitest';
import { parseScenario } from '../server/scenarios/scenario-file';
import { describeStep, inspectorOptionsFor, skipReason, verdictCaption, verdictLine } from './demo-scenario-plan';

const call = { call: 'echo' };

describe('inspectorOptionsFor', () => {
  it('starts the inspector on the scenario’s stdio server, protocol and client', () => {
    const scenario = parseScenario({
      server: { transport: 'stdio', command: 'node', args: ['server.js'], env: { TOKEN: 'x' }, cwd: '/srv' },
      protocol: '2025-06-18',
      client: { requestTimeoutMs: 90_500, elicitation: { form: true, url: false } },
      steps: [call],
    });
    expect(inspectorOptionsFor(scenario)).toEqual({
      options: {
        target: { command: 'node', args: ['server.js'], env: { TOKEN: 'x' }, cwd: '/srv' },
        protocol: '2025-06-18',
        args: ['--timeout', '91', '--elicitation', 'form'],
      },
      notes: [],
    });
  });

  it('a URL server keeps its transport and headers; no server means the demo server', () => {
    const http = parseScenario({ server: { transport: 'sse', url: 'http://127.0.0.1:9/sse', headers: { Authorization: 'Bearer t' } }, steps: [call] });
    expect(inspectorOptionsFor(http).options).toEqual({
      target: { url: 'http://127.0.0.1:9/sse', transport: 'sse', headers: { Authorization: 'Bearer t' } },
      protocol: 'auto',
      args: [],
    });
    expect(inspectorOptionsFor(parseScenario({ steps: [call] })).options).toEqual({ protocol: 'auto', args: [] });
    expect(inspectorOptionsFor(parseScenario({ client: { elicitation: { form: false, url: false } }, steps: [call] })).options.args).toEqual([
      '--elicitation',
      'none',
    ]);
  });

  it('says what it cannot apply at start: several protocols, client settings without a flag', () => {
    expect(inspectorOptionsFor(parseScenario({ protocol: 'all', steps: [call] }))).toMatchObject({
      options: { protocol: '2026-07-28' },
      notes: [expect.stringContaining('plays it once, on 2026-07-28')],
    });
    expect(inspectorOptionsFor(parseScenario({ protocol: ['2025-11-25', '2025-06-18'], steps: [call] })).options.protocol).toBe('2025-11-25');
    expect(inspectorOptionsFor(parseScenario({ client: { maxRounds: 3, applyDefaults: true }, steps: [call] })).notes).toEqual([
      "Not applied at start (set them in the page's Client settings): client.applyDefaults, client.maxRounds.",
    ]);
  });
});

describe('skipReason', () => {
  it('skips what the walkthrough does not play yet, never saying the page cannot, and plays the rest', () => {
    const steps = parseScenario({
      steps: [
        { getPrompt: 'greeting' },
        { readResource: 'file:///a' },
        { call: 'x', elicitations: [{ answer: { action: 'accept' } }, { answer: { action: 'none' } }] },
        { call: 'x', elicitations: [{ answer: { action: 'decline', delayMs: 10 } }] },
      ],
    }).steps;
    expect(steps.map(skipReason)).toEqual([
      expect.stringContaining('the page gets a prompt in its Prompts tab, and `run` plays this step'),
      expect.stringContaining('the page reads a resource in its Resources tab, and `run` plays this step'),
      expect.stringMatching(/^elicitation 2 is answered "none"/),
      undefined,
    ]);
  });
});

describe('captions and lines', () => {
  it('say what a step does and how it ended', () => {
    const [step] = parseScenario({
      steps: [
        {
          call: 'confirm_order',
          arguments: { item: 'coffee' },
          elicitations: [{ answer: { action: 'accept', content: { note: 'x' }, markComplete: true } }, { answer: { action: 'cancel', delayMs: 5 } }],
        },
      ],
    }).steps;
    expect(describeStep(step)).toBe('call confirm_order with {"item":"coffee"}, then accept with {"note":"x"} and mark it done, then cancel after 5 ms');
    const failed = { index: 2, name: 'Order', status: 'failed' as const, failures: [{ expectation: 'isError', expected: 'false', actual: 'true' }] };
    expect(verdictLine(failed)).toBe('2. Order: failed: isError: expected false, got true');
    expect(verdictCaption(failed)).toBe('Step 2 failed: isError: expected false, got true');
    expect(verdictLine({ index: 3, name: 'P', status: 'skipped', reason: 'why', failures: [] })).toBe('3. P: skipped (why)');
    expect(verdictLine({ index: 4, name: '4. tools/call echo', status: 'passed', failures: [] })).toBe('4. tools/call echo: passed');
    expect(verdictCaption({ index: 1, name: 'A', status: 'passed', failures: [] })).toBe('Step 1 passed: every expectation held.');
  });
});
