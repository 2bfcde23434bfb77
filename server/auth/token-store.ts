/**
 * Where a server's OAuth credentials live between connects: in this process's
 * memory by default (a Reconnect keeps you signed in, a restart does not), or,
 * when the person asks for it, in one file in the data dir that only they can
 * read (mode 0600). Never in a session file, never in the page.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

export type StoredAuth = {
  tokens?: StoredOAuthTokens;
  /** When the tokens were saved, epoch ms: with `expires_in` it gives the expiry. */
  tokensSavedAt?: number;
  clientInformation?: StoredOAuthClientInformation;
};

export type AuthStore = {
  load(serverUrl: string): StoredAuth;
  save(serverUrl: string, auth: StoredAuth): void;
  forget(serverUrl: string): void;
};

export const TOKEN_FILE = 'oauth-tokens.json';
const FILE_MODE = 0o600;

const inMemory = new Map<string, StoredAuth>();

export const memoryStore: AuthStore = {
  load: (serverUrl) => ({ ...inMemory.get(serverUrl) }),
  save: (serverUrl, auth) => void inMemory.set(serverUrl, { ...auth }),
  forget: (serverUrl) => void inMemory.delete(serverUrl),
};

/** The store in `dataDir`: one JSON object keyed by server URL, rewritten whole (via a temporary file) on each change. */
export function fileStore(dataDir: string): AuthStore {
  const path = join(dataDir, TOKEN_FILE);
  const readAll = (): Record<string, StoredAuth> => {
    if (!existsSync(path)) return {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, StoredAuth>) : {};
    } catch {
      // A damaged file holds nothing usable: signing in again writes a good one.
      return {};
    }
  };
  const writeAll = (all: Record<string, StoredAuth>) => {
    const temporary = `${path}.${process.pid}.tmp`;
    // The mode is given at creation, so the secrets are never readable by others, not even for a moment.
    writeFileSync(temporary, JSON.stringify(all), { mode: FILE_MODE });
    chmodSync(temporary, FILE_MODE);
    renameSync(temporary, path);
  };
  return {
    load: (serverUrl) => ({ ...readAll()[serverUrl] }),
    save: (serverUrl, auth) => writeAll({ ...readAll(), [serverUrl]: auth }),
    forget: (serverUrl) => {
      const all = readAll();
      if (!(serverUrl in all)) return;
      delete all[serverUrl];
      writeAll(all);
    },
  };
}
