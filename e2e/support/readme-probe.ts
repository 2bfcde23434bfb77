/**
 * Tries the README's own locator text on the page: a probe names a documented
 * alternative (placeholders filled in), evaluates it, and records what it covered.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { ReadmeRow } from './readme-table';

type Scope = Page | Locator;

/** What the probes of a whole spec exercised: "what" → spans (or values) of that row. */
export type Coverage = { locators: Map<string, Set<string>>; values: Map<string, Set<string>> };

export const emptyCoverage = (): Coverage => ({ locators: new Map(), values: new Map() });

export class ReadmeProbe {
  constructor(
    private readonly rows: ReadmeRow[],
    private readonly page: Page,
    private readonly coverage: Coverage,
  ) {}

  /**
   * The locator the README documents as `variant` in row `what`, evaluated inside
   * `scope` (the page, or the locator a `….` span continues), and shown on screen.
   */
  async locate(what: string, variant: string, options: { scope?: Scope; fill?: Record<string, string> } = {}): Promise<Locator> {
    const row = this.row(what);
    const owner = row.locators.find((l) => l.variants.includes(variant));
    expect(owner, `README row "${what}" documents ${variant}`).toBeDefined();
    let code = variant.replace(/^…\./, '');
    for (const [placeholder, value] of Object.entries(options.fill ?? {})) code = code.replaceAll(placeholder, value);
    // The README text itself is the code: a renamed control or a reworded row fails here.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the README's own locator text is what is tested
    const locator = new Function('scope', `return scope.${code};`)(options.scope ?? this.page) as Locator;
    await expect(locator.first(), `${what}: ${variant}`).toBeVisible();
    this.mark(this.coverage.locators, what, owner!.span);
    return locator;
  }

  /** Assert a documented value of row `what` on `locator`: its whole text. */
  async value(what: string, locator: Locator, value: string): Promise<void> {
    expect(this.row(what).values, `README row "${what}" documents the value ${value}`).toContain(value);
    await expect(locator).toHaveText(value);
    this.mark(this.coverage.values, what, value);
  }

  private row(what: string): ReadmeRow {
    const row = this.rows.find((r) => r.what === what);
    expect(row, `README has a row "${what}"`).toBeDefined();
    return row!;
  }

  private mark(map: Map<string, Set<string>>, what: string, item: string): void {
    map.set(what, (map.get(what) ?? new Set()).add(item));
  }
}
