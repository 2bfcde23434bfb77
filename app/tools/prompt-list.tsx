import { Button } from '@app/ui/button';
import { Section } from '@app/ui/section';
import { CatalogListbox } from './catalog-listbox';
import { CatalogStatus } from './catalog-status';
import { describeEntry } from './describe-entry';
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
      <CatalogListbox
        label="Prompts"
        options={prompts.map((prompt) => ({
          key: prompt.name,
          name: prompt.name,
          summary: describeEntry(prompt),
          isSelected: prompt.name === selected,
          onSelect: () => onSelect(prompt.name),
        }))}
      />
      <CatalogStatus catalog={catalog} count={prompts.length} noun="prompts" moreLabel="More prompts" />
    </Section>
  );
}
