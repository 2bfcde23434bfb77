import { describe, expect, it } from 'vitest';
import { rootsFromText, rootsToText } from './roots-text';

describe('the roots editor text', () => {
  it('reads one root a line with an optional name, and writes it back the same way', () => {
    const text = 'file:///home/ada/project project\n\n  file:///tmp  \n';
    const read = rootsFromText(text);
    expect(read).toEqual({ roots: [{ uri: 'file:///home/ada/project', name: 'project' }, { uri: 'file:///tmp' }] });
    expect(rootsToText('roots' in read ? read.roots : [])).toBe('file:///home/ada/project project\nfile:///tmp');
  });

  it('takes a pasted absolute path as its folder, encoded', () => {
    expect(rootsFromText('/home/ada/my notes')).toEqual({ roots: [{ uri: 'file:///home/ada/my%20notes' }] });
  });

  it('names the line that is not a file:// root', () => {
    expect(rootsFromText('file:///ok\nhttps://example.com docs')).toEqual({ error: expect.stringMatching(/^Line 2: a root is a file:\/\/ URI/) });
  });
});
