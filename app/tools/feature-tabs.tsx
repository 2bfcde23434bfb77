import { cn } from '@app/ui/cn';

export type FeatureView = 'tools' | 'prompts' | 'resources';
const VIEWS: { view: FeatureView; label: string }[] = [
  { view: 'tools', label: 'Tools' },
  { view: 'prompts', label: 'Prompts' },
  { view: 'resources', label: 'Resources' },
];

/** Which of the server's features the left column lists: its tools, prompts or resources. */
export function FeatureTabs({ view, onView }: { view: FeatureView; onView: (view: FeatureView) => void }) {
  return (
    <div role="tablist" aria-label="Server features" className="flex shrink-0 gap-1 border-b border-slate-200 px-2 pt-2">
      {VIEWS.map((v) => (
        <button
          key={v.view}
          type="button"
          role="tab"
          aria-selected={view === v.view}
          onClick={() => onView(v.view)}
          className={cn(
            '-mb-px rounded-t-md border border-b-0 px-2.5 py-1 text-xs',
            view === v.view ? 'border-slate-200 bg-white font-medium text-slate-900' : 'border-transparent text-slate-500 hover:text-slate-800',
          )}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
