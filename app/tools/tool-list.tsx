import { useMemo, useState } from 'react';
import { describeHost, tapHostOf } from '@wire/target-names';
import { useCommands, useSession } from '@app/state/app-context';
import { Button } from '@app/ui/button';
import { INPUT_CLASS } from '@app/ui/field';
import { Section } from '@app/ui/section';
import { useBusyAction } from '@app/ui/use-busy-action';
import { Alert } from '../ui/alert';
import { CatalogListbox } from './catalog-listbox';
import { describeEntry } from './describe-entry';

export function ToolList({ selected, onSelect }: { selected: string | undefined; onSelect: (name: string) => void }) {
  const session = useSession();
  const commands = useCommands();
  const [filter, setFilter] = useState('');
  const { busy, error, run } = useBusyAction();
  const tools = session?.tools;
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = tools ?? [];
    return q ? all.filter((t) => `${t.name} ${t.title ?? ''} ${t.description ?? ''}`.toLowerCase().includes(q)) : all;
  }, [tools, filter]);
  const isReady = session?.status.state === 'ready';
  // A tapped session's tools are the ones its host listed: the inspector lists nothing there.
  const host = tapHostOf(session?.status.target);
  const empty = !session
    ? 'Not connected.'
    : !isReady
      ? 'Tools appear once connected.'
      : tools?.length
        ? 'No tool matches.'
        : host && !session.hasToolList
          ? `${describeHost(host)} has not listed the tools: they show here once it does.`
          : 'This server lists no tools.';

  return (
    <Section
      title="Tools"
      // Room for a handful of tools however much the Connection form above takes; the column scrolls past it.
      className="min-h-64 flex-1"
      bodyClassName="flex flex-col"
      actions={
        !host && (
          <Button
            size="sm"
            tone="ghost"
            disabled={!isReady || busy}
            onClick={() => session && void run(() => commands.send('list-tools', { sessionId: session.sessionId }))}
          >
            List again
          </Button>
        )
      }
    >
      {error && <Alert className="mx-2 mt-2">{error}</Alert>}
      <div className="p-2">
        <input
          aria-label="Filter tools"
          placeholder={`Filter ${tools?.length ?? 0} tools`}
          className={INPUT_CLASS}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="px-3 py-2 text-xs text-slate-500">{empty}</p>
      ) : (
        <CatalogListbox
          label="Tools"
          className="min-h-0 flex-1 overflow-auto pt-0"
          options={shown.map((tool) => ({
            key: tool.name,
            name: tool.name,
            summary: describeEntry(tool),
            isSelected: tool.name === selected,
            onSelect: () => onSelect(tool.name),
          }))}
        />
      )}
    </Section>
  );
}
