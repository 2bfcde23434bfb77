import { describe, expect, it } from 'vitest';
import { pageOrigin, unframeablePage } from './app-origin';

const INSPECTOR = 'http://127.0.0.1:6280/';

describe('the page origin an app view is opened for', () => {
  it('is the socket’s Origin exactly, or the inspector’s own when there is none or it is not a plain http origin', () => {
    expect(pageOrigin('http://localhost:6280', INSPECTOR)).toBe('http://localhost:6280');
    expect(pageOrigin('http://[::1]:6280', INSPECTOR)).toBe('http://[::1]:6280');
    expect(pageOrigin(undefined, INSPECTOR)).toBe('http://127.0.0.1:6280');
    // It goes into a CSP header and a script: nothing that could add a directive or end the script.
    for (const odd of ['null', 'https://127.0.0.1:6280', 'http://a;b', "http://a'b", 'http://a b', 'http://x</script>'])
      expect(pageOrigin(odd, INSPECTOR), odd).toBe('http://127.0.0.1:6280');
  });
});

describe('a page that cannot frame an app view', () => {
  it('is one at an IPv6 address, which a CSP cannot name, and it is told the name that works', () => {
    for (const origin of ['http://127.0.0.1:6280', 'http://localhost:6280']) expect(unframeablePage(origin), origin).toBeUndefined();
    expect(unframeablePage('http://[::1]:6280')).toContain('Open it at http://localhost:6280/');
  });
});
