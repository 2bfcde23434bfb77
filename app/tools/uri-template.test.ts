import { describe, expect, it } from 'vitest';
import { expandTemplate, templateVariables } from './uri-template';

describe('resource templates', () => {
  it('names each variable once, in order, without its modifiers', () => {
    expect(templateVariables('file:///{dir}/{name}{?lang,name}{/path*}{x:3}')).toEqual(['dir', 'name', 'lang', 'path', 'x']);
    expect(templateVariables('demo://static')).toEqual([]);
  });

  it('encodes a simple value whole and keeps reserved characters for {+var}', () => {
    expect(expandTemplate('demo://note/{id}', { id: 'a b/c' })).toBe('demo://note/a%20b%2Fc');
    expect(expandTemplate('file://{+path}', { path: '/tmp/a b' })).toBe('file:///tmp/a%20b');
  });

  it('writes query and path operators with their separators, leaving out empty values', () => {
    expect(expandTemplate('s://x{?q,lang}', { q: 'tea', lang: '' })).toBe('s://x?q=tea');
    expect(expandTemplate('s://x{?q,lang}', { q: 'tea', lang: 'en' })).toBe('s://x?q=tea&lang=en');
    expect(expandTemplate('s://x{/a,b}', { a: '1', b: '2' })).toBe('s://x/1/2');
    expect(expandTemplate('s://x{?q}', {})).toBe('s://x');
  });

  it('leaves a value that looks like a template as text', () => {
    expect(expandTemplate('s://{a}', { a: '{b}' })).toBe('s://%7Bb%7D');
  });
});
