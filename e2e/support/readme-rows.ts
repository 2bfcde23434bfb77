/**
 * The rows of docs/playwright.md's locator table the README contract walks, each with the values
 * it must document (none unless listed), by the spec that walks them: readme-contract.spec.ts
 * (connecting, sessions, tools, calls and their forms, prompts and resources, URL flows) and
 * readme-contract-panels.spec.ts (the log, rules, scenarios, the keyboard and the theme); and the
 * rows of PROPOSAL_ROWS, each walked by the spec of what it shows.
 */
import { expect } from '@playwright/test';
import { CONNECTION_STATES } from '../../app/connect/connection-status';
import { FLOW_STATUSES } from '../../app/url-flow/flow-status';
import type { Coverage } from './readme-probe';
import type { ReadmeRow } from './readme-table';

const CALL_STATES = [
  'Waiting on the server',
  'Waiting on you',
  'Waiting on the host',
  'Completed',
  'Tool error',
  'Protocol error',
  'Scope refused',
  'Timed out',
  'Cancelled',
  'No end recorded',
];

export type KnownRows = Record<string, readonly string[]>;

/** The rows readme-contract.spec.ts walks. */
export const SESSION_ROWS: KnownRows = {
  'connection state': CONNECTION_STATES,
  'the server': [],
  'connection section': [],
  'connection form': [],
  'client settings': [],
  connect: [],
  'why a session ended': [],
  'pick a tool': [],
  'its arguments': [],
  'run it': [],
  'server features': [],
  'pick a prompt': [],
  'get it': [],
  'pick a resource': [],
  'read it': [],
  'its calls, newest first': [],
  "a call's state": CALL_STATES,
  "a call's result": [],
  'pending elicitations': [],
  'the form on screen': [],
  'a form field': [],
  answer: [],
  'URL flows': [],
  "a flow's parts": FLOW_STATUSES,
  'act on a flow': [],
  'URL flows folded for a form': [],
  'a request the server withdrew': [],
  timeout: [],
  sessions: [],
  'compare sessions': [],
};

/** The rows readme-contract-panels.spec.ts walks. */
export const PANEL_ROWS: KnownRows = {
  'the log': [],
  "a call's story": [],
  'audit a call': [],
  'the time axis': [],
  'log entries': [],
  'one entry whole': [],
  rules: [],
  'one rule': [],
  'the rule editor': [],
  scenarios: [],
  keyboard: [],
  theme: [],
};

/**
 * The rows the specs of what they show walk, each row whole within one test (`expectRowTried` at its
 * end): a tapped session (tap-page.spec.ts), one as it starts (tap-follow.spec.ts) and its hold (tap-hold.spec.ts), a file input,
 * an authorization step and an authorization denial on a result (proposals.spec.ts),
 * an app-rendered form (app-elicitation.spec.ts). Reaching those states costs a tap or a reconnect
 * with a proposal on, which those specs pay already.
 */
export const PROPOSAL_ROWS: KnownRows = {
  'a tapped session ([Tap a real host](tap.md))': [],
  'a tapped session as it starts ([Tap a real host](tap.md#in-the-page))': [],
  'hold and answer here ([Tap a real host](tap.md#hold-and-answer-here))': [],
  'a file input (File inputs on)': [],
  'an authorization step (Authorization denials on)': [],
  'an authorization denial on a result (Authorization denials on)': [],
  'an app-rendered form': [],
};

/** Every locator span of row `what` was tried by the probes that filled `coverage`. */
export function expectRowTried(table: ReadmeRow[], what: string, coverage: Coverage): void {
  const row = table.find((r) => r.what === what);
  expect(row, `docs/playwright.md has a row "${what}"`).toBeDefined();
  const tried = coverage.locators.get(what) ?? new Set();
  for (const { span } of row!.locators) expect(tried.has(span), `"${what}": ${span} was never tried`).toBe(true);
}

/** Every locator span of each row in `known` was tried on the page by the probes that filled `coverage`. */
export function expectEveryLocatorTried(table: ReadmeRow[], known: KnownRows, coverage: Coverage): void {
  for (const row of table.filter((r) => r.what in known)) {
    const tried = coverage.locators.get(row.what) ?? new Set();
    for (const { span } of row.locators) expect(tried.has(span), `"${row.what}": ${span} was never tried`).toBe(true);
  }
}
