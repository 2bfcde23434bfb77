import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRunning, RUNNING_FILE } from './data-dir';
import { isProcessId, isRunning } from './process-alive';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('a process id read from a file', () => {
  it('is one process only when it is a positive integer', () => {
    expect(isRunning(process.pid)).toBe(true);
    for (const pid of [0, -1, -process.pid, 1.5, Number.NaN, '42', undefined, null]) {
      expect(isProcessId(pid), String(pid)).toBe(false);
      expect(isRunning(pid), String(pid)).toBe(false);
    }
  });

  it('names no running inspector when the data folder’s file holds 0, a group or no pid', () => {
    for (const pid of [0, -1, -process.pid, '123']) {
      const folder = mkdtempSync(join(tmpdir(), 'process-alive-'));
      folders.push(folder);
      writeFileSync(join(folder, RUNNING_FILE), JSON.stringify({ pid, url: 'http://127.0.0.1:1/' }));
      expect(readRunning(folder), String(pid)).toBeUndefined();
    }
    const folder = mkdtempSync(join(tmpdir(), 'process-alive-'));
    folders.push(folder);
    writeFileSync(join(folder, RUNNING_FILE), JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:1/' }));
    expect(readRunning(folder)?.pid).toBe(process.pid);
  });
});
