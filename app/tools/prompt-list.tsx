import { Button } from '@app/ui/button';
import { Section } from '@app/ui/section';
import { CatalogRow } from './catalog-row';
import { CatalogStatus } from './catalog-status';
import { useCatalog } from './use-catalog';

/** The server's prompts (page by page, listed again on list_changed); picking one shows it in the middle column. */
export function PromptList({ selected, onSelect }: { selected: string | undefined; onSelect: (name: string) => void }) {
  const catalog = useCatalog('prompts');
  const prompts = catalog.items.prompts;
  return (
    <Section
      title="Prompts"
      className="min-h-64 flex-1"
      bodyClassName="flex flex-col overflow-auto"
      actions={
        <Button size="sm" tone="ghost" disabled={!catalog.isReady || !catalog.isOffered || catalog.isLoading} onClick={catalog.reload}>
          List again
        </Button>
      }
    >
      {prompts.length > 0 && (
        <ul role="listbox" aria-label="Prompts" className="px-1 py-2">
          {prompts.map((prompt) => (
            <CatalogRow
              key={prompt.name}
              name={prompt.name}
              summary={prompt.title && prompt.title !== prompt.name ? prompt.title : prompt.description}
              isSelected={prompt.name === selected}
              onSelect={() => onSelect(prompt.name)}
            />
          ))}
        </ul>
      )}
      <CatalogStatus catalog={catalog} count={prompts.length} noun="prompts" moreLabel="More prompts" />
    </Section>
  );
}
