/**
 * `inspectorShared`: one inspector for a worker's tests, each test given what a new
 * inspector shows. Driven through the pool the fixture uses, twice in one test, so
 * the proof needs no other test to have run first.
 */
import { readdirSync } from 'node:fs';
import { expect, InspectorPage } from 'elicitation-inspector/playwright';
import { InspectorPool } from '../kit/inspector-pool';
import { InspectorSocket } from '../kit/inspector-socket';
import { startInspector } from '../kit/start-inspector';
import { RulesPanel } from './rules-panel';
import { test } from './support/test';

test('a shared inspector gives the next test one new session: no call, form, rule or session of the last one', async ({ browser }) => {
  const pool = new InspectorPool();
  try {
    const first = await pool.acquire({ protocol: '2025-11-25' });
    const before = await browser.newPage();
    const app = new InspectorPage(before, first);
    await app.open();
    await app.waitConnected();
    // Leave behind what a careless test would: a call waiting on a form, a second session, a rule.
    await app.callTool('plan_trip');
    await app.nextForm();
    await app.disconnect();
    await (await app.openConnection()).getByRole('button', { name: 'Connect', exact: true }).click();
    await app.waitConnected();
    await new RulesPanel(before).add({ name: 'left behind', answer: 'Decline' });
    await expect(before.getByLabel('Rules summary')).toHaveText('1 of 1 on');
    await before.close();

    const second = await pool.acquire({ protocol: '2025-11-25' });
    expect(second.port).toBe(first.port);
    expect(second.process.pid).toBe(first.process.pid);
    const page = await browser.newPage();
    const fresh = new InspectorPage(page, second);
    await fresh.open();
    await fresh.waitConnected();
    await expect(fresh.requests.getByRole('article')).toHaveCount(0);
    await expect(fresh.calls.getByRole('listitem')).toHaveCount(0);
    expect(await fresh.logEntryTexts('method:tools/call')).toEqual([]);
    // Its client settings are the start's: the protocol it was started with.
    await expect(fresh.protocolVersion).toContainText('2025-11-25');
    await expect(page.getByLabel('Rules summary')).toHaveText('none');
    await page.getByRole('button', { name: /^Sessions/ }).click();
    await expect(page.getByRole('dialog', { name: 'Sessions' }).getByRole('listitem', { name: /^Session / })).toHaveCount(1);
    expect(readdirSync(second.dataDir).filter((name) => name.endsWith('.jsonl'))).toHaveLength(1);
    await page.close();
  } finally {
    await pool.stop();
  }
});

test('a shared inspector that a test stopped is started anew for the next', async () => {
  const pool = new InspectorPool();
  try {
    const first = await pool.acquire({});
    await first.stop();
    const second = await pool.acquire({});
    expect(second.process.pid).not.toBe(first.process.pid);
    const socket = await InspectorSocket.open(second);
    try {
      expect(await socket.waitForSessions((sessions) => sessions.length > 0, 30_000)).toHaveLength(1);
    } finally {
      socket.close();
    }
  } finally {
    await pool.stop();
  }
});

test('a shared inspector keeps its session between tests however long no page watches it: its worker is watching', async ({ browser }) => {
  const pool = new InspectorPool();
  // A second of grace: what the default 15 s would be on a machine loaded enough to take that long to open a page.
  const options = { args: ['--idle-close', '1'] };
  try {
    await pool.acquire(options);
    const inspector = await pool.acquire(options);
    // Past the grace, with no page open: the time a loaded machine can take between one test's reset and its page.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const app = new InspectorPage(await browser.newPage(), inspector);
    await app.open();
    await app.waitConnected();
    await expect(app.page.getByRole('alert')).toHaveCount(0);
    await app.page.close();
  } finally {
    await pool.stop();
  }
});

test('the socket to an inspector says why it fails: a refused handshake, a refused command, and waits when the inspector stops', async () => {
  const inspector = await startInspector({});
  let socket: InspectorSocket | undefined;
  try {
    await expect(InspectorSocket.open({ ...inspector, token: 'f'.repeat(64) })).rejects.toThrow('The inspector refused the socket: HTTP 401');
    socket = await InspectorSocket.open(inspector);
    // The wire client's failures carry the proxy's code and sentence, and the command (which the pool's warning names).
    await expect(socket.send('disconnect', { sessionId: 'none' })).rejects.toMatchObject({
      command: 'disconnect',
      wireError: { code: 'not-found', message: 'No session none.' },
    });
    expect(socket.isOpen()).toBe(true);
    // Heard before the stop, so its failure is awaited here rather than unhandled meanwhile.
    const waiting = expect(socket.waitForSessions(() => false, 60_000)).rejects.toThrow(/^The socket to the inspector is closed; it last listed \[/);
    await inspector.stop();
    await waiting;
    await expect(socket.send('disconnect', { sessionId: 'none' })).rejects.toMatchObject({
      command: 'disconnect',
      wireError: { code: 'transport-closed', message: 'Not connected to the inspector.' },
    });
    await expect(socket.waitForSessions(() => true, 60_000)).rejects.toThrow(/^The socket to the inspector is closed/);
  } finally {
    socket?.close();
    await inspector.stop();
  }
});
