import { JsonView } from '@app/ui/json-view';

export type Block = {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; text?: string; mimeType?: string; blob?: string };
};

const SAFE_IMAGE = /^image\/(png|jpeg|gif|webp|avif)$/;
/** A picture is drawn only below this size (base64 characters, about 3.75 MB); a bigger one is named with its size. */
const MAX_IMAGE_BASE64 = 5_000_000;

/** Whether base64 data of this type may be drawn as an <img> (raster types only: an SVG can carry script). */
export function isDrawableImage(mimeType: string | undefined, data: string | undefined): data is string {
  return !!mimeType && SAFE_IMAGE.test(mimeType) && !!data && data.length <= MAX_IMAGE_BASE64;
}

/** The size of base64 data once decoded (its trailing `=` padding carries no bytes). */
export function base64Bytes(data: string | undefined): number {
  if (!data) return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** One content block of a tool result or a prompt message. Server text is shown as text, never as HTML. */
export function ContentBlock({ block }: { block: Block }) {
  switch (block.type) {
    case 'text':
      return <pre className="font-sans text-sm break-words whitespace-pre-wrap text-slate-900">{block.text}</pre>;
    case 'image':
      return isDrawableImage(block.mimeType, block.data) ? (
        <img alt="Image returned by the tool" className="max-h-64 rounded ring-1 ring-slate-200" src={`data:${block.mimeType};base64,${block.data}`} />
      ) : (
        <p className="text-xs text-slate-600">
          Image ({block.mimeType ?? 'unknown type'}, {base64Bytes(block.data).toLocaleString()} bytes) not shown.
        </p>
      );
    case 'audio':
      return (
        <p className="text-xs text-slate-600">
          Audio ({block.mimeType}), {base64Bytes(block.data).toLocaleString()} bytes.
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
