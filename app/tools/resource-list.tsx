import { Button } from '@app/ui/button';
import { Section } from '@app/ui/section';
import { CatalogListbox, type CatalogOption } from './catalog-listbox';
import { CatalogStatus } from './catalog-status';
import { useCatalog } from './use-catalog';

/** What the middle column shows for resources: one listed resource (by URI) or one template. */
export type ResourcePick = { kind: 'resource'; uri: string } | { kind: 'template'; uriTemplate: string };

/** The server's resources and resource templates, each list page by page. */
export function ResourceList({ selected, onSelect }: { selected: ResourcePick | undefined; onSelect: (pick: ResourcePick) => void }) {
  const resources = useCatalog('resources');
  const templates = useCatalog('resource-templates');
  /** A resource or template named by its name, else its URI (or template), which is also the line under it. */
  const option = (uri: string, name: string | undefined, pick: ResourcePick): CatalogOption => ({
    key: uri,
    name: name || uri,
    summary: uri,
    isSelected: selected !== undefined && pickKey(selected) === pickKey(pick),
    onSelect: () => onSelect(pick),
  });
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
      <CatalogListbox label="Resources" options={resources.items.resources.map((r) => option(r.uri, r.name, { kind: 'resource', uri: r.uri }))} />
      <CatalogStatus catalog={resources} count={resources.items.resources.length} noun="resources" moreLabel="More resources" />
      <h3 className="border-t border-slate-200 px-3 pt-2 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">Templates</h3>
      <CatalogListbox
        label="Resource templates"
        options={templates.items.resourceTemplates.map((t) => option(t.uriTemplate, t.name, { kind: 'template', uriTemplate: t.uriTemplate }))}
      />
      <CatalogStatus catalog={templates} count={templates.items.resourceTemplates.length} noun="resource templates" moreLabel="More templates" />
    </Section>
  );
}

function pickKey(pick: ResourcePick): string {
  return pick.kind === 'resource' ? `resource ${pick.uri}` : `template ${pick.uriTemplate}`;
}
