/**
 * A rule from the Rules panel answers a request a stdio tap holds: a host on the classic SDK
 * launches the tap in front of the demo server; the person adds a rule to the tapped session
 * and turns the hold on; the held form says which rule takes it, and the host's call returns
 * the rule's answer while the host's own handler is never asked.
 */
import { expect } from 'elicitation-inspector/playwright';
import { RulesPanel } from './rules-panel';
import { connectTappedHost } from './support/tapped-host';
import { test } from './support/test';

// No start-up session of its own: the page opens on the tapped one, whenever the tap's record reaches the inspector.
test.use({ inspectorArgs: ['--no-connect'] });

test("a rule answers a held request in the host's place, and the form says which rule", async ({ inspector, page }) => {
  const { client: host, asked } = await connectTappedHost(inspector.dataDir, { action: 'accept', content: { confirm: true } });
  try {
    await page.goto(inspector.url);
    await expect(page.getByLabel('Host', { exact: true })).toHaveText('Holding Host 1.32.2, declares form');
    const rules = new RulesPanel(page);
    await rules.add({ name: 'no orders', tool: 'confirm_order', answer: 'Decline', delayMs: 8000 });
    const hold = page.getByRole('switch', { name: 'Hold and answer here' });
    // The switch turns on once the tap has switched (its record says so), not at the click.
    await hold.click();
    await expect(hold).toBeChecked();

    const call = host.callTool({ name: 'confirm_order', arguments: { item: 'pizza' } });
    const form = page.getByRole('article', { name: /^Elicitation / });
    // A delay long enough that the form is still there to be read on a loaded machine; the call then waits it out.
    await expect(form.getByRole('status', { name: 'Rule' })).toHaveText('Rule 1 (no orders) will decline in 8000 ms');
    const result = await call;
    expect(result.structuredContent).toEqual({ item: 'pizza', confirmed: false });
    expect(asked).toHaveLength(0);
    await expect(rules.rule(1).getByLabel('Answered this session')).toHaveText('answered 1');
  } finally {
    await host.close();
  }
});
