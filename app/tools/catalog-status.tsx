import { Button } from '@app/ui/button';
import { Alert } from '../ui/alert';
import type { Catalog } from './use-catalog';

/** Under a list: why it is empty, its error, what was left out, and the button for its next page. */
export function CatalogStatus({ catalog, count, noun, moreLabel }: { catalog: Catalog; count: number; noun: string; moreLabel: string }) {
  return (
    <>
      {catalog.error && <Alert className="mx-2 mt-2">{catalog.error}</Alert>}
      {count === 0 && !catalog.isLoading && (
        <p className="px-3 py-2 text-xs text-slate-500">
          {!catalog.isReady
            ? `${capitalize(noun)} appear once connected.`
            : !catalog.isOffered
              ? `This server does not offer ${noun}.`
              : `This server lists no ${noun}.`}
        </p>
      )}
      {catalog.isLoading && <p className="px-3 py-2 text-xs text-slate-500">Listing {noun}…</p>}
      {catalog.dropped > 0 && (
        <p className="px-3 py-1 text-[11px] text-amber-800">
          {catalog.dropped} more {noun} were left out (a list page shows at most 1,000).
        </p>
      )}
      {catalog.nextCursor !== undefined && (
        <div className="px-2 pb-2">
          <Button size="sm" disabled={catalog.isLoading} onClick={catalog.loadMore}>
            {moreLabel}
          </Button>
        </div>
      )}
    </>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
