import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readFileAnswers } from './file-answer';

const on = { fileInputs: true };
const dir = mkdtempSync(join(tmpdir(), 'file-answer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const schema = {
  type: 'object',
  properties: { photo: { type: 'string', format: 'uri', 'x-mcp-file': {} }, note: { type: 'string' } },
};

it('a { file } answer to a file input is read from disk as a data: URI; other fields stay as written', () => {
  const path = join(dir, 'hello.txt');
  writeFileSync(path, 'hello');
  expect(readFileAnswers(schema, { photo: { file: path }, note: { file: path } }, on)).toEqual({
    content: { photo: 'data:text/plain;base64,aGVsbG8=', note: { file: path } },
  });
  writeFileSync(join(dir, 'blob.bin'), Buffer.from([0, 255]));
  expect(readFileAnswers(schema, { photo: { file: join(dir, 'blob.bin') } }, on)).toEqual({ content: { photo: 'data:application/octet-stream;base64,AP8=' } });
});

it('a file that cannot be read says which and why', () => {
  expect(readFileAnswers(schema, { photo: { file: join(dir, 'missing.png') } }, on)).toEqual({
    problem: `photo: cannot read ${join(dir, 'missing.png')} (ENOENT). Fix the path`,
  });
});

it('with File inputs off no file is read: a { file } answer is refused, naming the setting', () => {
  const path = join(dir, 'hello.txt');
  writeFileSync(path, 'hello');
  const refused = readFileAnswers(schema, { photo: { file: path } }, { fileInputs: false });
  expect(refused).toEqual({
    problem: expect.stringMatching(/^photo is answered with the file .*hello\.txt, but File inputs \(SEP-2356\) is off for this connection/),
  });
  expect(readFileAnswers(schema, { photo: 'data:text/plain;base64,aGk=' }, { fileInputs: false })).toEqual({
    content: { photo: 'data:text/plain;base64,aGk=' },
  });
});
