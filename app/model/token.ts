/** The proxy's token comes in the URL fragment (#token=…), which browsers never send to a server. */
export function readToken(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return token && /^[A-Za-z0-9._~-]{16,256}$/.test(token) ? token : undefined;
}
