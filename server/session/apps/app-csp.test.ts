import { describe, expect, it } from 'vitest';
import { appViewCsp as cspFor, originProblem } from './app-csp';

const PAGE = 'http://127.0.0.1:6280';
const appViewCsp = (declared: Record<string, unknown> | undefined) => cspFor(declared, PAGE);

describe('the app view CSP (MCP Apps _meta.ui.csp)', () => {
  it('without declared domains is the restrictive default, tightened', () => {
    const { header, refused, ignored } = appViewCsp(undefined);
    expect(header).toBe(
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; media-src data:; font-src data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors http://127.0.0.1:6280; sandbox allow-scripts allow-same-origin",
    );
    expect([refused, ignored]).toEqual([[], []]);
  });

  it('grants connectDomains to connect-src and resourceDomains to the five resource directives, and nothing else', () => {
    const { header, granted } = appViewCsp({
      connectDomains: ['https://api.example.com', 'wss://live.example.com:8443', 'https://API.example.com'],
      resourceDomains: ['https://*.cdn.example.com'],
    });
    expect(granted).toEqual({ connectDomains: ['https://api.example.com', 'wss://live.example.com:8443'], resourceDomains: ['https://*.cdn.example.com'] });
    expect(header).toContain('connect-src https://api.example.com wss://live.example.com:8443;');
    for (const directive of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src'])
      expect(header).toMatch(new RegExp(`${directive} [^;]*https://\\*\\.cdn\\.example\\.com`));
    expect(header).not.toMatch(/script-src[^;]*api\.example/);
    expect(header).toMatch(/frame-src 'none'; .*sandbox allow-scripts allow-same-origin$/);
  });

  it('refuses every value that is not a plain secure origin, saying why, and never lets one into the header', () => {
    const hostile = [
      '*',
      "'unsafe-inline'",
      'data:',
      'https://a.example; script-src *',
      'https://a.example https://b.example',
      'http://127.0.0.1:8080',
      'https://a.example/path',
      'https://*.com',
      'https://user@a.example',
      'javascript:alert(1)',
      'https://a.example:99999',
      42,
      'wss://x.example',
    ];
    const { header, refused, granted } = appViewCsp({
      connectDomains: hostile.slice(0, 12),
      resourceDomains: ['wss://x.example'],
      frameDomains: ['https://f.example'],
    });
    expect(granted).toEqual({ connectDomains: [], resourceDomains: [] });
    expect(refused).toHaveLength(13);
    expect(header).toBe(appViewCsp(undefined).header);
    expect(originProblem('connectDomains', '*')).toMatch(/wildcard/);
    expect(originProblem('connectDomains', "'unsafe-inline'")).toMatch(/keyword/);
    expect(originProblem('connectDomains', 'data:')).toMatch(/scheme/);
    expect(originProblem('connectDomains', 'https://a.example; script-src *')).toMatch(/semicolon/);
    expect(originProblem('connectDomains', 'http://127.0.0.1:8080')).toMatch(/only https/);
    expect(originProblem('connectDomains', 'https://*.com')).toMatch(/registered domain/);
    expect(originProblem('resourceDomains', 'wss://x.example')).toMatch(/connectDomains only/);
    expect(appViewCsp({ frameDomains: ['https://f.example'], baseUriDomains: [] }).ignored).toEqual(['frameDomains']);
    expect(appViewCsp({ connectDomains: 'https://a.example' }).refused).toEqual([expect.objectContaining({ reason: 'it is not a list' })]);
  });

  it('grants at most 20 origins a list', () => {
    const many = Array.from({ length: 25 }, (_, i) => `https://h${i}.example`);
    const { granted, refused } = appViewCsp({ connectDomains: many });
    expect(granted.connectDomains).toHaveLength(20);
    expect(refused).toHaveLength(5);
  });
});
