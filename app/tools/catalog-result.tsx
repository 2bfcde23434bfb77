import { Fragment } from 'react';
import { base64Bytes, ContentBlock, isDrawableImage, type Block } from './content-block';

type Result = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function asBlock(value: Record<string, unknown>): Block {
  return { ...value, type: text(value.type) ?? 'unknown' };
}

/** A prompts/get result: its description, then each message with its role; content as a tool's content. */
export function PromptMessages({ result }: { result: Result }) {
  if (!Array.isArray(result.messages)) return null;
  const description = text(result.description);
  return (
    <div className="space-y-2">
      {description && <p className="text-xs whitespace-pre-wrap text-slate-600">{description}</p>}
      {result.messages.length === 0 && <p className="text-xs text-slate-500">The prompt has no messages.</p>}
      <ol aria-label="Prompt messages" className="space-y-2">
        {result.messages.filter(isRecord).map((message, i) => (
          <li key={i} className="rounded bg-white p-2 ring-1 ring-slate-200">
            <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{text(message.role) ?? 'unknown role'}</p>
            {isRecord(message.content) ? <ContentBlock block={asBlock(message.content)} /> : <p className="text-xs text-slate-500">No content.</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A resources/read result: each content's URI and type, text as text, a blob by its size (a raster image drawn, bounded). */
export function ResourceContents({ result }: { result: Result }) {
  if (!Array.isArray(result.contents)) return null;
  return (
    <ol aria-label="Resource contents" className="space-y-2">
      {result.contents.length === 0 && <li className="text-xs text-slate-500">The resource has no contents.</li>}
      {result.contents.filter(isRecord).map((content, i) => {
        const mimeType = text(content.mimeType);
        const body = text(content.text);
        const blob = text(content.blob);
        return (
          <li key={i} className="space-y-1 rounded bg-white p-2 ring-1 ring-slate-200">
            <p className="text-[11px] text-slate-500">
              <span className="font-mono break-all">{text(content.uri)}</span>
              {mimeType && <span className="ml-2">({mimeType})</span>}
            </p>
            {body !== undefined && <pre className="max-h-96 overflow-auto font-mono text-xs break-words whitespace-pre-wrap text-slate-900">{body}</pre>}
            {blob !== undefined && (
              <Fragment>
                {isDrawableImage(mimeType, blob) && (
                  <img
                    alt={`Image read from ${text(content.uri) ?? 'the resource'}`}
                    className="max-h-64 rounded ring-1 ring-slate-200"
                    src={`data:${mimeType};base64,${blob}`}
                  />
                )}
                <p className="text-xs text-slate-600">Binary content, {base64Bytes(blob).toLocaleString()} bytes.</p>
              </Fragment>
            )}
          </li>
        );
      })}
    </ol>
  );
}
