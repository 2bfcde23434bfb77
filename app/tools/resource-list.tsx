import { Button } from '@app/ui/button';
import { Section } from '@app/ui/section';
import { CatalogRow } from './catalog-row';
import { CatalogStatus } from './catalog-status';
import { useCatalog } from './use-catalog';

/** What the middle column shows for resources: one listed resource (by URI) or one template. */
export type ResourcePick = { kind: 'resource'; uri: string } | { kind: 'template'; uriTemplate: string };

/** The server's resources and resource templates, each list page by page. */
export function ResourceList({ selected, onSelect }: { selected: ResourcePick | undefined; onSelect: (pick: ResourcePick) => void }) {
  const resources = useCatalog('resources');
  const templates = useCatalog('resource-templates');
  const reload = () => {
    resources.reload();
    templates.reload();
  };
  return (
    <Section
      title="Resources"
      className="min-h-64 flex-1"
      bodyClassName="flex flex-col overflow-auto"
      actions={
        <Button size="sm" tone="ghost" disabled={!resources.isReady || !resources.isOffered || resources.isLoading} onClick={reload}>
          List again
        </Button>
      }
    >
      {resources.items.resources.length > 0 && (
        <ul role="listbox" aria-label="Resources" className="px-1 py-2">
          {resources.items.resources.map((resource) => (
            <CatalogRow
              key={resource.uri}
              name={resource.name || resource.uri}
              summary={resource.uri}
              isSelected={selected?.kind === 'resource' && selected.uri === resource.uri}
              onSelect={() => onSelect({ kind: 'resource', uri: resource.uri })}
            />
          ))}
        </ul>
      )}
      <CatalogStatus catalog={resources} count={resources.items.resources.length} noun="resources" moreLabel="More resources" />
      <h3 className="border-t border-slate-200 px-3 pt-2 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">Templates</h3>
      {templates.items.resourceTemplates.length > 0 && (
        <ul role="listbox" aria-label="Resource templates" className="px-1 py-2">
          {templates.items.resourceTemplates.map((template) => (
            <CatalogRow
              key={template.uriTemplate}
              name={template.name || template.uriTemplate}
              summary={template.uriTemplate}
              isSelected={selected?.kind === 'template' && selected.uriTemplate === template.uriTemplate}
              onSelect={() => onSelect({ kind: 'template', uriTemplate: template.uriTemplate })}
            />
          ))}
        </ul>
      )}
      <CatalogStatus catalog={templates} count={templates.items.resourceTemplates.length} noun="resource templates" moreLabel="More templates" />
    </Section>
  );
}
