import { describe, expect, it } from 'vitest';
import { analyzeUrl, URL_DISPLAY_LIMIT, type UrlAnalysis } from './url-checks';

const codes = (analysis: UrlAnalysis) => analysis.problems.map((p) => p.code).sort();
const problem = (analysis: UrlAnalysis, code: string) => analysis.problems.find((p) => p.code === code);

describe('analyzeUrl: an ordinary https URL', () => {
  it('has no problems, can be opened, and splits the host for display', () => {
    const a = analyzeUrl('https://accounts.example.com/oauth?x=1');
    expect(a).toMatchObject({
      scheme: 'https',
      host: 'accounts.example.com',
      unicodeHost: 'accounts.example.com',
      subdomainPrefix: 'accounts.',
      registrableDomain: 'example.com',
      hasCredentials: false,
      isLoopback: false,
      isRefused: false,
      problems: [],
    });
    expect(a.port).toBeUndefined();
  });

  it('lower-cases scheme and host, and keeps the port', () => {
    expect(analyzeUrl('HTTPS://Login.EXAMPLE.com:8443/Path')).toMatchObject({ scheme: 'https', host: 'login.example.com', port: '8443', problems: [] });
  });
});

describe('analyzeUrl: refused schemes', () => {
  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JaVaScRiPt:alert(1)', 'javascript'],
    ['  \u0001\u0000 javascript:alert(1)  \n', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['jav\nasc\rript:alert(1)', 'javascript'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['file:///etc/passwd', 'file'],
    ['ftp://files.example.com/', 'ftp'],
    ['blob:https://example.com/1234', 'blob'],
    ['my-app+x://callback', 'my-app+x'],
  ])('%j is refused, naming the scheme %s', (raw, scheme) => {
    const a = analyzeUrl(raw);
    expect(a.isRefused).toBe(true);
    expect(a.scheme).toBe(scheme);
    expect(codes(a)).toEqual(['url-scheme-refused']);
    expect(problem(a, 'url-scheme-refused')).toMatchObject({ level: 'refuse', message: expect.stringContaining(`${scheme}:`) });
  });

  it('says why javascript: is never opened', () => {
    expect(analyzeUrl('javascript:void(0)').problems[0].message).toBe('javascript: URLs run code in the page and are never opened.');
  });

  it.each(['example.com/login', '//example.com/', 'javascript&#58;alert(1)', '&#106;avascript:alert(1)', '\u00a0https://example.com/'])(
    'a string without a readable scheme (%j) is refused',
    (raw) => {
      const a = analyzeUrl(raw);
      expect(a.isRefused).toBe(true);
      expect(a.scheme).toBeUndefined();
      expect(codes(a)).toEqual(['url-scheme-refused']);
    },
  );

  it('a scheme named like an object property is just another refused scheme', () => {
    expect(problem(analyzeUrl('constructor:x'), 'url-scheme-refused')?.message).toContain('constructor:');
  });
});

describe('analyzeUrl: unparseable', () => {
  it.each([
    '',
    '   \t\n',
    'http://',
    'https://?q=1',
    'https://user@/',
    'https://[::1',
    'https://[::1]x/',
    'https://[not:an:ip]/',
    'https://example.com:99999/',
    'https://example.com:80a/',
    'https://exa mple.com/',
    'https://1.2.3.4.5/',
    'https://example.123/',
    'https://4294967296/',
    'https://[1::2:3:4:5:6:7:8]/',
    'https://%zz.com/',
  ])('%j is refused as unparseable, with nothing half-read', (raw) => {
    const a = analyzeUrl(raw);
    expect(a.isRefused).toBe(true);
    expect(codes(a)).toEqual(['url-unparseable']);
    expect(a.problems[0].level).toBe('refuse');
    expect(a.scheme).toBeUndefined();
    expect(a.host).toBeUndefined();
    expect(a.hasCredentials).toBe(false);
  });

  it('never throws, whatever it is given', () => {
    expect(() => analyzeUrl(undefined as unknown as string)).not.toThrow();
    expect(analyzeUrl(null as unknown as string).isRefused).toBe(true);
  });
});

describe('analyzeUrl: where the browser really goes', () => {
  it('the host is after the last "@": https://google.com@evil.example/ goes to evil.example', () => {
    const a = analyzeUrl('https://google.com@evil.example/');
    expect(a).toMatchObject({ host: 'evil.example', registrableDomain: 'evil.example', hasCredentials: true, isRefused: false });
    expect(problem(a, 'url-credentials')).toMatchObject({ level: 'warn', message: expect.stringContaining('"evil.example"') });
  });

  it('user and password before the host are credentials too', () => {
    const a = analyzeUrl('https://user:secret@a@login.example.com/');
    expect(a).toMatchObject({ host: 'login.example.com', hasCredentials: true });
    expect(codes(a)).toEqual(['url-credentials']);
  });

  it('a backslash ends the authority, as a slash does', () => {
    const a = analyzeUrl('https://evil.example\\@google.com/');
    expect(a).toMatchObject({ host: 'evil.example', hasCredentials: false });
    expect(analyzeUrl('https:\\\\evil.example\\path').host).toBe('evil.example');
  });

  it('"?" and "#" end the authority', () => {
    expect(analyzeUrl('https://good.example?@evil.example/').host).toBe('good.example');
    expect(analyzeUrl('https://good.example#@evil.example/').host).toBe('good.example');
  });

  it('percent-escapes and full-width letters in the host are read the way the browser reads them', () => {
    expect(analyzeUrl('https://%65vil.example/').host).toBe('evil.example');
    expect(analyzeUrl('https://ｅｘａｍｐｌｅ。com/').host).toBe('example.com');
  });
});

describe('analyzeUrl: warnings and notes', () => {
  it('plain http to a remote host is a warning', () => {
    const a = analyzeUrl('http://example.com/');
    expect(a.isRefused).toBe(false);
    expect(codes(a)).toEqual(['url-plain-http']);
    expect(problem(a, 'url-plain-http')?.level).toBe('warn');
  });

  it.each([
    'http://localhost:3000/cb',
    'http://LOCALHOST./',
    'http://app.localhost/',
    'http://127.0.0.1:8080/',
    'http://127.1.2.3/',
    'http://[::1]:9000/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://2130706433/',
    'http://0x7f.1/',
  ])('%s points at this machine: a note, no http or IP warning', (raw) => {
    const a = analyzeUrl(raw);
    expect(a.isLoopback).toBe(true);
    expect(a.isRefused).toBe(false);
    expect(a.problems).toEqual([{ level: 'info', code: 'url-loopback', message: 'Points at this machine.' }]);
  });

  it.each(['https://203.0.113.7/', 'https://[2001:db8::1]/', 'https://[::ffff:192.0.2.1]/'])('%s is a bare IP address', (raw) => {
    const a = analyzeUrl(raw);
    expect(codes(a)).toEqual(['url-ip-host']);
    expect(a.problems[0]).toEqual({ level: 'warn', code: 'url-ip-host', message: 'The host is a bare IP address, not a name: nothing says who runs it.' });
    expect(a.registrableDomain).toBe(a.host);
  });

  it('an IP address in another notation is shown in the dotted form the browser uses, and the notation is called out', () => {
    const a = analyzeUrl('http://3232235777/');
    expect(a).toMatchObject({ host: '192.168.1.1', registrableDomain: '192.168.1.1', isRefused: false });
    expect(codes(a)).toEqual(['url-ip-host', 'url-plain-http']);
    expect(problem(a, 'url-ip-host')?.message).toContain('"3232235777" is 192.168.1.1');
    expect(analyzeUrl('https://0xc0.0250.1.1/').host).toBe('192.168.1.1');
    expect(analyzeUrl('http://0x7f.1/').host).toBe('127.0.0.1');
  });

  it('an xn-- host shows both forms', () => {
    const a = analyzeUrl('https://xn--80ak6aa92e.com/login');
    expect(a).toMatchObject({ host: 'xn--80ak6aa92e.com', unicodeHost: 'аррӏе.com', isRefused: false });
    expect(codes(a)).toEqual(['url-idn']);
    expect(a.problems[0]).toEqual({
      level: 'warn',
      code: 'url-idn',
      message: 'The host is an internationalized domain name: shown as "аррӏе.com", really "xn--80ak6aa92e.com". Look-alike letters can imitate another site.',
    });
  });

  it('a raw Unicode host is warned about the same way, with its ASCII form', () => {
    const a = analyzeUrl('https://www.Bücher.example/');
    expect(a).toMatchObject({
      host: 'www.xn--bcher-kva.example',
      unicodeHost: 'www.bücher.example',
      registrableDomain: 'xn--bcher-kva.example',
      subdomainPrefix: 'www.',
    });
    expect(problem(a, 'url-idn')?.message).toContain('"www.bücher.example", really "www.xn--bcher-kva.example"');
  });

  it('an xn-- label that decodes to plain ASCII is still a warning, shown as it is', () => {
    const a = analyzeUrl('https://xn--google-.com/');
    expect(a).toMatchObject({ host: 'xn--google-.com', unicodeHost: 'xn--google-.com', isRefused: false });
    expect(codes(a)).toEqual(['url-idn']);
    expect(a.problems[0].message).toContain('"xn--google-.com" has an internationalized (xn--) label that does not decode cleanly');
  });

  it.each([
    ['https://xn--mnchen-3ya.de/', 'münchen.de'],
    ['https://xn--ihqwcrb4cv8a8dqg056pqjye.example/', '他们为什么不说中文.example'],
    ['https://xn--b1abfaaepdrnnbgefbadotcwatmq2g4l.example/', 'почемужеонинеговорятпорусски.example'],
    ['https://xn--egbpdaj6bu4bxfgehfvwxn.example/', 'ليهمابتكلموشعربي؟.example'],
    ['https://XN--80AK6AA92E.com/', 'аррӏе.com'],
  ])('%s is shown as %s', (raw, unicodeHost) => {
    expect(analyzeUrl(raw)).toMatchObject({ unicodeHost, isRefused: false });
  });

  it('a URL too long to show whole is a warning', () => {
    const long = `https://example.com/?q=${'a'.repeat(URL_DISPLAY_LIMIT)}`;
    const a = analyzeUrl(long);
    expect(codes(a)).toEqual(['url-too-long']);
    expect(a.isRefused).toBe(false);
    expect(codes(analyzeUrl(long.slice(0, URL_DISPLAY_LIMIT)))).toEqual([]);
  });

  it('problems add up', () => {
    const a = analyzeUrl('http://admin@xn--80ak6aa92e.com/');
    expect(codes(a)).toEqual(['url-credentials', 'url-idn', 'url-plain-http']);
    expect(a.isRefused).toBe(false);
  });
});

describe('analyzeUrl: registrable domain', () => {
  it.each([
    ['https://login.example.co.uk/', 'login.', 'example.co.uk'],
    ['https://a.b.example.com/', 'a.b.', 'example.com'],
    ['https://example.com/', '', 'example.com'],
    ['https://foo.github.io/', '', 'foo.github.io'],
    ['https://x.my-app.vercel.app/', 'x.', 'my-app.vercel.app'],
    ['https://shop.example.com.au/', 'shop.', 'example.com.au'],
    ['https://login.example.com./', 'login.', 'example.com'],
    ['https://co.uk/', '', 'co.uk'],
    ['http://localhost:5173/', '', 'localhost'],
    ['https://intranet/', '', 'intranet'],
    ['https://192.0.2.1/', '', '192.0.2.1'],
    ['https://[2001:db8::1]:443/', '', '[2001:db8::1]'],
  ])('%s → %j + %j', (raw, prefix, registrable) => {
    const a = analyzeUrl(raw);
    expect(a.subdomainPrefix).toBe(prefix);
    expect(a.registrableDomain).toBe(registrable);
  });
});

describe('analyzeUrl: the host is the one the browser parser reads (WHATWG URL)', () => {
  it.each([
    ['http:\\\\evil.example\\', 'evil.example'],
    ['http:evil.example/', 'evil.example'],
    ['http:///evil.example/', 'evil.example'],
    ['https:/\\/\\evil.example', 'evil.example'],
    ['https://ev\nil.example/', 'evil.example'],
    ['https://evil.exa\tmple/', 'evil.example'],
    ['https://EXAMPLE.COM./', 'example.com.'],
    ['https://faß.de/', 'xn--fa-hia.de'],
    ['https://①.com/', '1.com'],
    ['https://example.com\\@evil.example/', 'example.com'],
  ])('%j goes to %s', (raw, host) => {
    expect(analyzeUrl(raw).host).toBe(host);
  });

  it('href is the absolute URL the page opens: "http:evil.example" is not left for the browser to resolve against the page', () => {
    expect(analyzeUrl('http:evil.example').href).toBe('http://evil.example/');
    expect(analyzeUrl('HTTP:/evil.example/a b?q=1#f').href).toBe('http://evil.example/a%20b?q=1#f');
    expect(analyzeUrl('https:\\\\evil.example\\path').href).toBe('https://evil.example/path');
    expect(analyzeUrl('javascript:alert(1)').href).toBeUndefined();
    expect(analyzeUrl('https://[::1').href).toBeUndefined();
  });

  it('a tab inside the user name does not hide the "@": the host is the one after it', () => {
    expect(analyzeUrl('https://good.example\t@evil.example/')).toMatchObject({ host: 'evil.example', hasCredentials: true });
    expect(analyzeUrl('https://example.com%2f@evil.example/')).toMatchObject({ host: 'evil.example', hasCredentials: true });
  });

  it.each(['http://%31%32%37.0.0.1/', 'http://0177.0.0.1/', 'http://0x7f000001/', 'http://127.0.0.1./', 'http://[::ffff:127.0.0.1]/'])(
    '%s is this machine, however it is written',
    (raw) => {
      expect(analyzeUrl(raw)).toMatchObject({ isLoopback: true, problems: [{ code: 'url-loopback' }] });
    },
  );

  it('an IPv6 address is shown compressed, as the browser shows it', () => {
    expect(analyzeUrl('http://[0:0:0:0:0:0:0:1]/').host).toBe('[::1]');
    expect(analyzeUrl('https://[::ffff:192.0.2.1]/').host).toBe('[::ffff:c000:201]');
    expect(analyzeUrl('https://[2001:DB8::1]/').host).toBe('[2001:db8::1]');
  });

  it("a port that is the scheme's default is not kept; leading zeros are dropped", () => {
    expect(analyzeUrl('https://example.com:443/').port).toBeUndefined();
    expect(analyzeUrl('http://example.com:80/').port).toBeUndefined();
    expect(analyzeUrl('https://example.com:00080/').port).toBe('80');
  });

  // Where the hand parser this replaced judged otherwise.
  it('a soft hyphen or zero-width space inside a name is dropped by IDNA: the host is the plain name, no IDN warning', () => {
    for (const raw of ['https://exa\u00admple.com/', 'https://exa\u200bmple.com/']) {
      const a = analyzeUrl(raw);
      expect(a).toMatchObject({ host: 'example.com', unicodeHost: 'example.com', problems: [] });
    }
  });

  it.each(['https://exa\u200dmple.com/', 'https://ex\u2024ample.com/', 'https://xn--zz9.example/', 'https://xn--.com/', 'https://exa%20mple.com/'])(
    '%j is a host IDNA or the host parser refuses, so it is never opened',
    (raw) => {
      expect(codes(analyzeUrl(raw))).toEqual(['url-unparseable']);
    },
  );

  it('an empty user name and password ("https://:@host") carry no credentials', () => {
    expect(analyzeUrl('https://:@example.com/')).toMatchObject({ hasCredentials: false, problems: [] });
    expect(codes(analyzeUrl('https://:pw@example.com/'))).toEqual(['url-credentials']);
  });
});
