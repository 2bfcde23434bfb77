import { describe, expect, it } from 'vitest';
import type { LogEvent } from '@wire/events';
import { CatalogStore } from './catalog-store';

const base = { sessionId: 's1', at: 0 };
const notification = (seq: number, method: string): LogEvent => ({ ...base, seq, kind: 'rpc-in', message: { jsonrpc: '2.0', method } });

describe('the prompt and resource lists', () => {
  it('appends the next page by its cursor and stops when the server gives none', async () => {
    const store = new CatalogStore();
    const cursors: (string | undefined)[] = [];
    const listPage = (_kind: string, cursor: string | undefined) => {
      cursors.push(cursor);
      return Promise.resolve(
        cursor ? { prompts: [{ name: 'b' }] } : { prompts: [{ name: 'a', arguments: [{ name: 'x', required: true }] }], nextCursor: 'p2' },
      );
    };
    await store.load('s1', 'prompts', listPage);
    expect(store.get('s1', 'prompts').nextCursor).toBe('p2');
    await store.load('s1', 'prompts', listPage, true);
    await store.load('s1', 'prompts', listPage, true);
    expect(store.get('s1', 'prompts').items.prompts.map((p) => p.name)).toEqual(['a', 'b']);
    expect(cursors).toEqual([undefined, 'p2']);
  });

  it('asks for the first page once, however many panels want it', async () => {
    const store = new CatalogStore();
    let asked = 0;
    const listPage = () => {
      asked++;
      return Promise.resolve({ resources: [] });
    };
    store.ensureLoaded('s1', 'resources', listPage);
    store.ensureLoaded('s1', 'resources', listPage);
    await Promise.resolve();
    expect(asked).toBe(1);
  });

  it('lists a kind again when its list_changed arrives, and only a kind already listed', async () => {
    const store = new CatalogStore();
    const asked: string[] = [];
    const listPage = (kind: string) => {
      asked.push(kind);
      return Promise.resolve({ prompts: [{ name: `p${asked.length}` }] });
    };
    await store.load('s1', 'prompts', listPage);
    store.noteEvents('s1', [notification(1, 'notifications/prompts/list_changed'), notification(2, 'notifications/resources/list_changed')], listPage);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(['prompts', 'prompts']);
    expect(store.get('s1', 'prompts').items.prompts.map((p) => p.name)).toEqual(['p2']);
    // The same events read again change nothing.
    store.noteEvents('s1', [notification(1, 'notifications/prompts/list_changed'), notification(2, 'notifications/resources/list_changed')], listPage);
    expect(asked).toHaveLength(2);
  });

  it('reads a list once more, not once per notification, when it changes while being read', async () => {
    const store = new CatalogStore();
    let asked = 0;
    let release: () => void = () => undefined;
    const listPage = () => {
      asked++;
      return asked === 1
        ? new Promise((resolve) => (release = () => resolve({ prompts: [{ name: 'old' }] })))
        : Promise.resolve({ prompts: [{ name: 'new' }] });
    };
    const first = store.load('s1', 'prompts', listPage);
    for (let i = 0; i < 50; i++) void store.load('s1', 'prompts', listPage);
    release();
    await first;
    expect(asked).toBe(2);
    expect(store.get('s1', 'prompts').items.prompts.map((p) => p.name)).toEqual(['new']);
  });

  it('refuses a reply it cannot read, and keeps what it showed', async () => {
    const store = new CatalogStore();
    await store.load('s1', 'prompts', () => Promise.resolve({ prompts: [{ name: 'kept' }] }));
    await store.load('s1', 'prompts', () => Promise.resolve({ prompts: [{ name: 7 }] }));
    expect(store.get('s1', 'prompts').error).toBe('The proxy sent a list the page cannot read.');
    await store.load('s1', 'prompts', () => Promise.reject(new Error('prompts/list failed')));
    expect(store.get('s1', 'prompts').error).toBe('prompts/list failed');
    expect(store.get('s1', 'prompts').items.prompts.map((p) => p.name)).toEqual(['kept']);
  });
});
