import { describe, expect, it } from 'vitest';
import { rootFromArg } from './cli-roots';

describe('--roots values', () => {
  it('keeps a file:// URI and turns a folder path into the URI that names it', () => {
    expect(rootFromArg('file:///home/ada/project')).toEqual({ uri: 'file:///home/ada/project' });
    expect(rootFromArg('/home/ada/my notes')).toEqual({ uri: 'file:///home/ada/my%20notes' });
    expect(rootFromArg('project')).toEqual({ uri: `file://${process.cwd()}/project` });
  });

  it('refuses another scheme or an empty value, naming it', () => {
    expect(rootFromArg('https://example.com/repo')).toEqual({
      error: '--roots takes a file:// URI or a folder path, not "https://example.com/repo" (a root is a file:// URI).',
    });
    expect(rootFromArg('  ')).toEqual({ error: '--roots needs a file:// URI or a folder path, and one of them is empty.' });
  });
});
