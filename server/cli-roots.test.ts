import { describe, expect, it } from 'vitest';
import { rootFromArg } from './cli-roots';
import { RootSchema } from './wire/target';

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

  it('refuses what the schema refuses, without loading it: a URI too long to be a root', () => {
    const long = `file:///${'a'.repeat(5000)}`;
    expect(RootSchema.safeParse({ uri: long }).success).toBe(false);
    expect(rootFromArg(long)).toEqual({ error: expect.stringContaining('<=4096 characters') });
    const ok = rootFromArg('file:///home/ada');
    expect(RootSchema.parse(ok)).toEqual(ok);
  });
});
