import { describe, expect, it } from 'vitest';
import { acceptEntries, acceptLanguageProblem, fileInputOf, fileValueProblems, isAccepted, readDataUri } from './proposals';

describe('file inputs (SEP-2356)', () => {
  it('x-mcp-file counts only on a well-formed string/uri field', () => {
    const descriptor = { accept: ['image/*'], maxSize: 10 };
    expect(fileInputOf({ type: 'string', format: 'uri', 'x-mcp-file': descriptor })).toEqual(descriptor);
    expect(fileInputOf({ type: 'string', 'x-mcp-file': descriptor })).toBeUndefined();
    expect(fileInputOf({ type: 'string', format: 'uri', 'x-mcp-file': { maxSize: -1 } })).toBeUndefined();
  });

  it('accept compares type/subtype without parameters, case-insensitively, with wildcards; .ext only on the picker side', () => {
    expect(isAccepted(['image/*'], 'IMAGE/PNG; q=1')).toBe(true);
    expect(isAccepted(['image/png'], 'image/jpeg')).toBe(false);
    expect(isAccepted(['.pdf'], 'application/pdf', 'Report.PDF')).toBe(true);
    expect(isAccepted(['.pdf'], 'application/pdf', 'report.txt')).toBe(false);
    expect(isAccepted(['.pdf'], 'application/pdf')).toBe(true);
    expect(isAccepted(undefined, 'anything/at-all')).toBe(true);
  });

  it('*/* accepts every file, on the picker side and the proxy side, and the size check still holds', () => {
    expect(isAccepted(['*/*'], 'application/octet-stream')).toBe(true);
    expect(isAccepted(['*/*'], 'image/png', 'dot.png')).toBe(true);
    expect(isAccepted(['.pdf', '*/*'], 'text/plain', 'notes.txt')).toBe(true);
    expect(fileValueProblems({ accept: ['*/*'] }, 'data:text/plain,hello')).toEqual([]);
    expect(fileValueProblems({ accept: ['*/*'], maxSize: 2 }, 'data:text/plain,hello')).toEqual(['is 5 bytes, more than maxSize 2']);
  });

  it('wildcard subtypes match their type only; entries HTML would ignore are ignored, and none left means any file', () => {
    expect(isAccepted(['image/*'], 'imagery/png')).toBe(false);
    expect(isAccepted(['text/*'], 'text/csv', 'a.csv')).toBe(true);
    expect(acceptEntries(['IMAGE/PNG; q=1', '*', 'image/', '*/png', '.PDF', 'x y/z'])).toEqual(['image/png', '.pdf']);
    expect(isAccepted(['*', 'image/png'], 'text/plain')).toBe(false);
    expect(isAccepted(['*'], 'text/plain')).toBe(true);
  });

  it('reads a data: URI in either encoding, and says what is wrong with one that is not', () => {
    expect(readDataUri('data:image/png;base64,AAAA')).toEqual({ mediaType: 'image/png', size: 3 });
    expect(readDataUri('data:text/plain,hello%20w%C3%B6rld')).toEqual({ mediaType: 'text/plain', size: 12 });
    expect(readDataUri('data:,x')).toEqual({ mediaType: 'text/plain', size: 1 });
    expect(readDataUri('data:image/png;base64,A$==')).toEqual({ problem: 'is a data: URI whose base64 is malformed' });
    expect(fileValueProblems({ accept: ['image/png'], maxSize: 2 }, 'data:image/gif;base64,AAAA')).toEqual([
      'has media type image/gif, which accept (image/png) does not allow',
      'is 3 bytes, more than maxSize 2',
    ]);
    expect(fileValueProblems({}, 42)).toEqual(['must be a data: URI string']);
  });
});

describe("the person's language (SEP-2792)", () => {
  it('takes the RFC 9110 Accept-Language grammar: ranges, weights, the wildcard', () => {
    for (const value of ['fr', '*', 'fr-CA,fr;q=0.9,en;q=0.5', 'en-US, en ;q=0.5 ,*;Q=0.1', 'de;q=0', 'en;q=1.000', 'zh-Hant-TW', 'es-419'])
      expect([value, acceptLanguageProblem(value)]).toEqual([value, undefined]);
  });

  it('says what is wrong with anything else, and where in the list', () => {
    expect(acceptLanguageProblem('en;q=1.1')).toMatch(/^"en;q=1.1" has a weight that is not ;q= with a number from 0 to 1/);
    expect(acceptLanguageProblem('en;q=0.1234')).toMatch(/has a weight/);
    expect(acceptLanguageProblem('fr, en;level=1')).toMatch(/^entry 2 of 2, "en;level=1", has a weight/);
    expect(acceptLanguageProblem('fr,')).toBe('entry 2 of 2 is empty (two commas in a row, or one at an end)');
    expect(acceptLanguageProblem(' fr')).toBe('it starts or ends with a space');
    for (const range of ['-fr', 'fr--CA', '*-CH', 'fr_CA', 'abcdefghi', 'fr-abcdefghi', 'ελ', 'fr\nX-Evil: 1'])
      expect([range, acceptLanguageProblem(range)]).toEqual([range, expect.stringMatching(/is not a language range/)]);
  });
});
