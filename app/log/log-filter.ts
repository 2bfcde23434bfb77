import type { LogEvent } from '@wire/events';
import { entryPredicate, type LogFilter } from '@wire/entry-filter';
import type { LogIndex } from '@app/model/log-index';
import type { StoryIndex } from '@app/model/story-index';

export { isFiltering, KIND_GROUPS, NO_FILTER, type KindGroup, type LogFilter, type StoryRef } from '@wire/entry-filter';

/**
 * Seqs of the events that pass the filter, in order, over the entries the page
 * holds. The search text is a query (`log-query.ts`): its words are looked for in
 * each event's whole JSON. A big recorded session is filtered by the proxy instead,
 * with the same predicate (server/store/session-query.ts).
 */
export function filterEvents(events: readonly LogEvent[], filter: LogFilter, index: LogIndex, story?: StoryIndex): number[] {
  const matches = entryPredicate(filter);
  const lookups = {
    pairOf: (seq: number) => index.pairOf(seq),
    callOf: (seq: number) => story?.callOf(seq),
    textOf: (seq: number) => index.textOf(events, seq),
  };
  const candidates =
    filter.story && story ? (filter.story.kind === 'call' ? story.storyOfCall(filter.story.id) : story.storyOfFlow(filter.story.id)) : undefined;
  const out: number[] = [];
  const consider = (event: LogEvent | undefined) => {
    if (event && matches(event, lookups)) out.push(event.seq);
  };
  if (candidates) for (const seq of candidates) consider(events[seq - 1]);
  else for (const event of events) consider(event);
  return out;
}
