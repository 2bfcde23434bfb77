import { memo } from 'react';
import type { EventOf } from '@wire/events';
import { isScopeRefusal } from '@wire/oauth';
import { JsonView } from '@app/ui/json-view';
import { AuthorizationDenialNote } from './authorization-denial';
import { PromptMessages, ResourceContents } from './catalog-result';
import { ContentBlock, type Block } from './content-block';

/**
 * A call's outcome: content blocks and structuredContent for a result, the error for a protocol failure. Server text is shown as text.
 * Memoized: its card re-renders on every push of the session, and an ended call's outcome does not change.
 */
export const CallResult = memo(function CallResult({ end }: { end: EventOf<'call-end'> }) {
  if (end.outcome !== 'result') {
    const error = end.error;
    return (
      <div role="region" aria-label="Result" className="rounded-md bg-rose-50 p-2 text-sm text-rose-900 ring-1 ring-rose-200">
        <p className="font-medium">
          {end.outcome === 'timeout' ? 'Timed out' : end.outcome === 'cancelled' ? 'Cancelled' : isScopeRefusal(end.error) ? 'Scope refused' : 'Protocol error'}
          {error && 'code' in error && typeof error.code === 'number' && <span className="ml-1 font-mono text-xs">{error.code}</span>}
        </p>
        {error && <p className="mt-1 whitespace-pre-wrap">{error.message}</p>}
        {error && 'data' in error && error.data !== undefined && <JsonView className="mt-2" value={error.data} label="Error data" maxHeight="max-h-48" />}
      </div>
    );
  }
  const result = end.result ?? {};
  const content = (Array.isArray(result.content) ? result.content : []) as Block[];
  const isError = result.isError === true;
  return (
    <div role="region" aria-label="Result" className={`space-y-2 rounded-md p-2 ring-1 ${isError ? 'bg-rose-50 ring-rose-200' : 'bg-slate-50 ring-slate-200'}`}>
      {isError && <p className="text-xs font-semibold text-rose-800">The tool reported an error (isError: true). The call itself succeeded.</p>}
      {end.authorization && <AuthorizationDenialNote denial={end.authorization} />}
      {content.length === 0 && result.structuredContent === undefined && !('messages' in result) && !('contents' in result) && (
        <p className="text-xs text-slate-500">Empty result.</p>
      )}
      <PromptMessages result={result} />
      <ResourceContents result={result} />
      {content.map((block, i) => (
        <ContentBlock key={i} block={block} />
      ))}
      {result.structuredContent !== undefined && (
        <div>
          <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">structuredContent</p>
          <JsonView value={result.structuredContent} label="Structured content" maxHeight="max-h-64" />
        </div>
      )}
    </div>
  );
});
