import { CatalogRow } from './catalog-row';

/** One option of a catalog list, as CatalogRow shows it. */
export type CatalogOption = { key: string; name: string; summary?: string; isSelected: boolean; onSelect: () => void };

/** A page-by-page catalog list (prompts, resources, templates) named `label`; nothing while it is empty (CatalogStatus says why). */
export function CatalogListbox({ label, options }: { label: string; options: CatalogOption[] }) {
  if (options.length === 0) return null;
  return (
    <ul role="listbox" aria-label={label} className="px-1 py-2">
      {options.map(({ key, ...option }) => (
        <CatalogRow key={key} {...option} />
      ))}
    </ul>
  );
}
