import type { FetchLike } from '@modelcontextprotocol/client';

/** A fetch that shows each response to `onResponse` first (the OAuth flow reads 401 and 403 challenges from it). */
export function watchedFetch(base: FetchLike, onResponse: ((response: Response) => void) | undefined): FetchLike {
  if (!onResponse) return base;
  return async function watchedFetch(input, init) {
    const response = await base(input, init);
    onResponse(response);
    return response;
  };
}
