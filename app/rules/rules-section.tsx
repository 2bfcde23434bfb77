import { useId } from 'react';
import { useRememberedFlag } from '@app/ui/use-layout-memory';
import { useRules } from './use-rules';
import { RulesPanel } from './rules-panel';

/**
 * The Rules panel behind a disclosure button, under Connection in the left
 * column: folded by default, with a count, so the tools keep their room; the
 * column scrolls on its own, so an open panel covers nothing. Open or folded
 * is remembered per browser.
 */
export function RulesSection() {
  const [isOpen, setOpen] = useRememberedFlag('rules-open', false);
  const bodyId = useId();
  const { rules } = useRules();
  const onCount = rules.rules.filter((r) => r.enabled).length;
  return (
    <div className="shrink-0 border-b border-slate-200">
      <h2 className="flex items-center">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => setOpen(!isOpen)}
          className="flex flex-1 items-center gap-1.5 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase hover:bg-slate-50"
        >
          <span aria-hidden className={`inline-block transition-transform ${isOpen ? 'rotate-90' : ''}`}>
            ▸
          </span>
          Rules
        </button>
        <span aria-label="Rules summary" className="px-3 text-[11px] font-normal text-slate-500">
          {rules.rules.length === 0 ? 'none' : !rules.enabled ? `${rules.rules.length}, all off` : `${onCount} of ${rules.rules.length} on`}
        </span>
      </h2>
      <div id={bodyId} hidden={!isOpen}>
        {isOpen && <RulesPanel />}
      </div>
    </div>
  );
}
