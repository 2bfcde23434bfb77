import type { EventOf } from '@wire/events';
import { JsonView } from '@app/ui/json-view';

type Block = {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; text?: string; mimeType?: string; blob?: string };
};

const SAFE_IMAGE = /^image\/(png|jpeg|gif|webp|avif)$/;

/** A call's outcome: content blocks and structuredContent for a result, the error for a protocol failure. Server text is shown as text. */
export function CallResult({ end }: { end: EventOf<'call-end'> }) {
  if (end.outcome !== 'result') {
    const error = end.error;
    return (
      <div role="region" aria-label="Result" className="rounded-md bg-rose-50 p-2 text-sm text-rose-900 ring-1 ring-rose-200">
        <p className="font-medium">
          {end.outcome === 'timeout' ? 'Timed out' : end.outcome === 'cancelled' ? 'Cancelled' : 'Protocol error'}
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
      {content.length === 0 && result.structuredContent === undefined && <p className="text-xs text-slate-500">Empty result.</p>}
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
}

function ContentBlock({ block }: { block: Block }) {
  switch (block.type) {
    case 'text':
      return <pre className="font-sans text-sm break-words whitespace-pre-wrap text-slate-900">{block.text}</pre>;
    case 'image':
      return block.mimeType && SAFE_IMAGE.test(block.mimeType) && block.data ? (
        <img alt="Image returned by the tool" className="max-h-64 rounded ring-1 ring-slate-200" src={`data:${block.mimeType};base64,${block.data}`} />
      ) : (
        <p className="text-xs text-slate-600">Image ({block.mimeType ?? 'unknown type'}) not shown.</p>
      );
    case 'audio':
      return (
        <p className="text-xs text-slate-600">
          Audio ({block.mimeType}), {Math.round(((block.data?.length ?? 0) * 3) / 4)} bytes.
        </p>
      );
    case 'resource_link':
      return (
        <p className="text-xs text-slate-700">
          Resource link <span className="font-mono">{block.uri}</span> {block.name && `(${block.name})`}
        </p>
      );
    case 'resource':
      return (
        <div className="text-xs text-slate-700">
          <p>
            Embedded resource <span className="font-mono">{block.resource?.uri}</span>
          </p>
          {block.resource?.text && (
            <pre className="mt-1 max-h-48 overflow-auto rounded bg-white p-2 font-mono whitespace-pre-wrap ring-1 ring-slate-200">{block.resource.text}</pre>
          )}
        </div>
      );
    default:
      return <JsonView value={block} label="Content block" maxHeight="max-h-48" />;
  }
}
