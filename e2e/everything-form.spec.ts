/**
 * server-everything (written by others, installed from npm) over stdio and
 * Streamable HTTP: its trigger-elicitation-request form, every field kind, with
 * validation before anything is sent.
 */
import { expect } from 'elicitation-inspector/playwright';
import { overEverythingHttp } from './support/everything-http';
import { everythingStdio } from './support/processes';
import { test as base } from './support/test';

base.use({ inspectorShared: true });

const TOOL = 'trigger-elicitation-request';

const FIELDS = [
  'String',
  'Boolean',
  'String with default',
  'String with email format',
  'String with uri format',
  'String with date format',
  'Integer',
  'Number in range 1-1000',
  'Untitled Single Select Enum',
  'Untitled Multiple Select Enum',
  'Titled Single Select Enum',
  'Titled Multiple Select Enum',
  'Legacy Titled Single Select Enum',
];

type Transport = { name: string; test: typeof base };

const stdio = base.extend({ inspectorArgs: async ({}, use) => use(['--', everythingStdio().command, ...everythingStdio().args]) });

const http = overEverythingHttp();

for (const { name, test } of [
  { name: 'stdio', test: stdio },
  { name: 'Streamable HTTP', test: http },
] satisfies Transport[]) {
  test.describe(`server-everything over ${name}`, () => {
    test.beforeEach(async ({ app }) => {
      await app.waitConnected();
      // Auto falls back to 2025-11-25: this server speaks no 2026-07-28.
      await expect(app.protocolVersion).toHaveText('2025-11-25');
      await app.runTool(TOOL);
      await expect(app.elicitation()).toBeVisible();
    });

    test('renders all 13 fields, each with its default', async ({ app }) => {
      const form = app.elicitation();
      for (const label of FIELDS) {
        const field = label.includes('Multiple') ? form.getByRole('group', { name: label, exact: true }) : form.getByLabel(label, { exact: true });
        await expect(field, label).toBeVisible();
      }
      await expect(app.field('String with default')).toHaveValue('It was a dark and stormy night.');
      await expect(app.field('Integer')).toHaveValue('42');
      await expect(app.field('Number in range 1-1000')).toHaveValue('3.14');
      await expect(app.field('Untitled Single Select Enum').locator('option:checked')).toHaveText('Monica');
      await expect(app.field('Titled Single Select Enum').locator('option:checked')).toHaveText('Superman');
      await expect(app.field('Legacy Titled Single Select Enum').locator('option:checked')).toHaveText('Cats');
      await expect(form.getByRole('group', { name: 'Untitled Multiple Select Enum', exact: true }).getByLabel('Guitar')).toBeChecked();
      await expect(form.getByRole('group', { name: 'Titled Multiple Select Enum', exact: true }).getByLabel('Tuna')).toBeChecked();
      await expect(form.getByRole('group', { name: 'Titled Multiple Select Enum', exact: true }).getByLabel('Salmon')).not.toBeChecked();
      await expect(form.getByText('Your full, legal name')).toBeVisible();
      await expect(app.field('String')).toHaveAttribute('aria-required', 'true');
      await expect(form.getByText('Please provide inputs for the following fields:')).toBeVisible();
      // The requesting server is named.
      await expect(form.getByText('Everything Reference Server asks')).toBeVisible();
    });

    test('an empty required field and an invalid email are caught before sending', async ({ app }) => {
      await app.answer('Accept');
      await expect(app.elicitation().getByText('is required')).toBeVisible();
      await expect(app.elicitation().getByRole('alert')).toContainText('1 field needs attention');
      await app.answer('Accept', { String: 'Grace Hopper', 'String with email format': 'not-an-email' });
      await expect(app.elicitation().getByText('must be a valid email address')).toBeVisible();
      // Nothing went to the server: the call still waits on the person.
      await expect(app.callStatus()).toHaveText('Waiting on you');
      await expect(app.logRow(/^.*you.*accept/)).toHaveCount(0);

      await app.answer('Accept', { 'String with email format': 'grace@example.com' });
      await expect(app.result()).toContainText('User provided the requested information!');
      await expect(app.result()).toContainText('- Name: Grace Hopper');
      await expect(app.result()).toContainText('- Email: grace@example.com');
      // Untouched defaults are sent, numbers as numbers.
      await expect(app.result()).toContainText('"integer": 42');
      await expect(app.result()).toContainText('"number": 3.14');
      await expect(app.requests.getByLabel('Pending request count')).toHaveText('0');
    });

    test('decline and cancel send exactly those actions', async ({ app }) => {
      await app.answer('Decline');
      await expect(app.result()).toContainText('User declined to provide the requested information.');
      await expect(app.result()).toContainText('"action": "decline"');
      await expect(app.result()).not.toContainText('"content"');
      await app.runTool(TOOL);
      await app.answer('Cancel');
      await expect(app.result()).toContainText('User cancelled the elicitation dialog.');
    });
  });
}
