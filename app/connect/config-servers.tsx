import { useState } from 'react';
import { parseServerConfig } from '@wire/server-config';
import { TargetSchema, type SessionSettings, type Target } from '@wire/target';
import { describeTarget } from '@wire/target-names';
import { formatIssues } from '@wire/commands';
import { useApp, useAppStore } from '@app/state/app-context';
import { Button } from '@app/ui/button';
import { INPUT_CLASS } from '@app/ui/field';
import { useBusyAction } from '@app/ui/use-busy-action';
import { Alert } from '../ui/alert';
import { PastedServer, type PastedServerEntry } from './pasted-server';

/**
 * The servers of the proxy's --config file, to connect to by name: the page sees
 * their summaries only, so a key in the file stays in the proxy.
 */
export function ConfiguredServers({ settings, beforeConnect }: { settings: () => SessionSettings; beforeConnect: () => Promise<void> }) {
  const app = useAppStore();
  const { configured } = useApp();
  const { busy, error, run } = useBusyAction();
  if (!configured) return null;
  const connect = (name: string) =>
    run(async () => {
      await beforeConnect();
      const { sessionId } = await app.connection.send('connect-configured', { name, settings: settings() });
      app.watch(sessionId);
    });
  return (
    <section aria-label={`Servers in ${configured.source}`} className="space-y-1.5">
      <h3 className="text-xs font-semibold text-slate-600">Servers in {configured.source}</h3>
      <ul className="space-y-1">
        {configured.servers.map((server) => (
          <li key={server.name} className="flex items-center gap-2 text-xs">
            <Button size="sm" aria-label={`Connect to ${server.name}`} disabled={busy} onClick={() => void connect(server.name)}>
              Connect
            </Button>
            <span className="min-w-0 truncate" title={describeTarget(server.target)}>
              <span className="font-medium">{server.name}</span>
              {server.isDisabled && <span className="text-amber-700"> (disabled in the file)</span>}{' '}
              <span className="text-slate-500">{describeTarget(server.target)}</span>
            </span>
          </li>
        ))}
      </ul>
      {[...configured.notes, ...configured.servers.flatMap((s) => s.notes.map((note) => `${s.name}: ${note}`))].map((note) => (
        <p key={note} className="text-xs text-slate-500">
          {note}
        </p>
      ))}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}

type PastedRead = { servers: PastedServerEntry[]; notes: string[] } | { error: string };

/**
 * Read pasted config text. The page has no environment: a `${env:NAME}` stays as written and
 * the server is offered with NAME to fill in; `values` are what the person filled in.
 */
function readPasted(text: string, values: Record<string, string>): PastedRead {
  const parsed = parseServerConfig(text, { env: (name) => values[name] || undefined, unsetEnv: 'keep' });
  if (!parsed.ok) {
    const where = parsed.problem.line ? `Line ${parsed.problem.line}, column ${parsed.problem.column ?? 1}: ` : '';
    return { error: `${where}${parsed.problem.message}` };
  }
  const notes = [...parsed.config.notes];
  const servers: PastedServerEntry[] = [];
  for (const server of parsed.config.servers) {
    const target = TargetSchema.safeParse(server.target);
    if (target.success) servers.push({ name: server.name, target: target.data, missingEnv: server.missingEnv ?? [] });
    else notes.push(`Server "${server.name}" is left out: ${formatIssues(target.error.issues)}.`);
    notes.push(...server.notes.map((note) => `${server.name}: ${note}`));
  }
  return { servers, notes };
}

/** Read a config file pasted into the page and fill the form from one of its servers. */
export function PasteConfig({ onPick }: { onPick: (target: Target) => void }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<(PastedRead & { text: string }) | undefined>();
  const use = (name: string, values: Record<string, string>): string | undefined => {
    if (!result) return undefined;
    const again = readPasted(result.text, values);
    const server = 'servers' in again ? again.servers.find((entry) => entry.name === name) : undefined;
    if (!server) return 'error' in again ? again.error : `The pasted config no longer reads "${name}" with these values.`;
    onPick(server.target);
    return undefined;
  };
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-600">Paste a config file</summary>
      <div className="mt-1.5 space-y-1.5">
        <textarea
          aria-label="Config file text"
          rows={4}
          className={`${INPUT_CLASS} font-mono text-xs`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder='{ "mcpServers": { "name": { "command": "node", "args": ["server.js"] } } }'
          spellCheck={false}
        />
        <Button size="sm" onClick={() => setResult({ ...readPasted(text, {}), text })} disabled={!text.trim()}>
          Read config
        </Button>
        {result && 'error' in result && <Alert>{result.error}</Alert>}
        {result && 'servers' in result && (
          <ul aria-label="Servers in the pasted config" className="space-y-1">
            {result.servers.map((server) => (
              <PastedServer key={server.name} server={server} onUse={(values) => use(server.name, values)} />
            ))}
            {result.notes.map((note) => (
              <li key={note} className="text-slate-500">
                {note}
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
