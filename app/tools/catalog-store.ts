/**
 * The server's prompts, resources and resource templates, as the page listed them:
 * one entry per session and kind, with the cursor of the next page. Lists are asked
 * for (not derived from the log, as tools are), so they live here, outside React; a
 * `notifications/…/list_changed` in the session's log lists that kind again.
 */
import { CatalogPageSchema, LIST_CHANGED_METHODS, type CatalogKind, type CatalogPage } from '@wire/catalog';
import type { LogEvent } from '@wire/events';

export type CatalogItems = Required<Pick<CatalogPage, 'prompts' | 'resources' | 'resourceTemplates'>>;

export type CatalogState = {
  items: CatalogItems;
  nextCursor?: string;
  /** Items a page held beyond what the proxy passes on (it keeps the first MAX_CATALOG_ITEMS). */
  dropped: number;
  isLoading: boolean;
  /** Whether a first page has been asked for in this session (so it is not asked again on every render). */
  isRequested: boolean;
  error?: string;
};

export type ListPage = (kind: CatalogKind, cursor: string | undefined) => Promise<unknown>;

const EMPTY_ITEMS: CatalogItems = { prompts: [], resources: [], resourceTemplates: [] };
export const EMPTY_CATALOG: CatalogState = { items: EMPTY_ITEMS, dropped: 0, isLoading: false, isRequested: false };

export class CatalogStore {
  private states = new Map<string, CatalogState>();
  private listeners = new Set<() => void>();
  /** How far each session's events have been read for list_changed notifications. */
  private scannedCount = new Map<string, number>();
  /** Lists asked for again while a read of them was on its way: each is read once more when it lands. */
  private reloadQueued = new Set<string>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(sessionId: string, kind: CatalogKind): CatalogState {
    return this.states.get(`${sessionId} ${kind}`) ?? EMPTY_CATALOG;
  }

  /** The first page, unless it was asked for already (the list and the panel both want it, in one render). */
  ensureLoaded(sessionId: string, kind: CatalogKind, listPage: ListPage): void {
    if (!this.get(sessionId, kind).isRequested) void this.load(sessionId, kind, listPage);
  }

  /** The first page again (`more` false), or the page after the last one shown. */
  async load(sessionId: string, kind: CatalogKind, listPage: ListPage, isMore = false): Promise<void> {
    const before = this.get(sessionId, kind);
    if (isMore && before.nextCursor === undefined) return;
    // A server that sends list_changed in a burst costs one more read, not one per notification.
    if (!isMore && before.isLoading) return void this.reloadQueued.add(`${sessionId} ${kind}`);
    this.set(sessionId, kind, { ...before, isLoading: true, isRequested: true, error: undefined });
    try {
      const parsed = CatalogPageSchema.safeParse(await listPage(kind, isMore ? before.nextCursor : undefined));
      if (!parsed.success) throw new Error('The proxy sent a list the page cannot read.');
      const page = parsed.data;
      const base = isMore ? this.get(sessionId, kind).items : EMPTY_ITEMS;
      this.set(sessionId, kind, {
        items: {
          prompts: [...base.prompts, ...(page.prompts ?? [])],
          resources: [...base.resources, ...(page.resources ?? [])],
          resourceTemplates: [...base.resourceTemplates, ...(page.resourceTemplates ?? [])],
        },
        nextCursor: page.nextCursor,
        dropped: (isMore ? before.dropped : 0) + (page.dropped ?? 0),
        isLoading: false,
        isRequested: true,
      });
    } catch (error) {
      this.set(sessionId, kind, { ...this.get(sessionId, kind), isLoading: false, error: error instanceof Error ? error.message : String(error) });
    }
    if (this.reloadQueued.delete(`${sessionId} ${kind}`)) await this.load(sessionId, kind, listPage);
  }

  /**
   * Read the session's events not read yet; each kind already listed whose
   * list_changed notification arrived is listed again from its first page.
   */
  noteEvents(sessionId: string, events: readonly LogEvent[], listPage: ListPage): void {
    let from = this.scannedCount.get(sessionId) ?? 0;
    // Fewer than were read: the session went on windowed and kept only the entries scanned for, read again.
    if (from > events.length) from = 0;
    if (from >= events.length) return;
    this.scannedCount.set(sessionId, events.length);
    const changed = new Set<string>();
    for (let i = from; i < events.length; i++) {
      const event = events[i];
      if (event.kind !== 'rpc-in' || 'id' in event.message) continue;
      const method: unknown = 'method' in event.message ? event.message.method : undefined;
      if (typeof method === 'string') changed.add(method);
    }
    for (const [kind, method] of Object.entries(LIST_CHANGED_METHODS) as [CatalogKind, string][]) {
      if (changed.has(method) && this.get(sessionId, kind).isRequested) void this.load(sessionId, kind, listPage);
    }
  }

  private set(sessionId: string, kind: CatalogKind, state: CatalogState): void {
    this.states.set(`${sessionId} ${kind}`, state);
    for (const listener of this.listeners) listener();
  }
}

/** One store for the page: the list in the left column and the panel in the middle read the same lists. */
export const catalogStore = new CatalogStore();
