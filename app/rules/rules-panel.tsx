import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Rule, RuleSet } from '@wire/rules';
import { useAppStore, useSession } from '@app/state/app-context';
import { Alert } from '@app/ui/alert';
import { Button } from '@app/ui/button';
import { preloadedLazy } from '@app/ui/preloaded-lazy';
import { useBusyAction } from '@app/ui/use-busy-action';
import type { RuleEditorProps } from './rule-editor';
import { emptyRuleForm, formFromRule, newRuleId, type RuleForm } from './rule-form';
import { RuleItem } from './rule-item';
import { ruleStatsKey, type RuleStats } from './rule-stats';
import { RulesFileButtons } from './rules-file-buttons';
import { useRules } from './use-rules';

/** The editor checks message patterns with RE2: its chunk (and RE2's) comes once the page is idle, not with the panels. */
const LazyRuleEditor = preloadedLazy<RuleEditorProps>(() => import('./rule-editor').then((m) => ({ default: m.RuleEditor })));

function RuleEditor(props: RuleEditorProps) {
  return (
    <Suspense fallback={<p className="text-xs text-slate-500">Loading the rule editor…</p>}>
      <LazyRuleEditor {...props} />
    </Suspense>
  );
}

type Editing = { at: number | 'new'; form: RuleForm };
type FocusRequest = { id: string; control: 'item' | 'up' | 'down' };
/** A page with no session shows no counts. */
const NO_STATS: ReadonlyMap<string, RuleStats> = new Map();

/** The connection's response rules in order: add, edit, reorder, switch off, delete, export, import. */
export function RulesPanel() {
  const app = useAppStore();
  const session = useSession();
  const { rules, isLive, isStanding, save } = useRules();
  const { busy, error, run } = useBusyAction();
  const [editing, setEditing] = useState<Editing>();
  const [focus, setFocus] = useState<FocusRequest>();
  const items = useRef(new Map<string, HTMLLIElement>());
  const stats = session?.ruleStats ?? NO_STATS;
  const list = useMemo(() => withIds(rules.rules), [rules]);

  // A moved rule keeps the focus (React moves one of two swapped nodes, which drops focus from it).
  useEffect(() => {
    if (!focus) return;
    const item = items.current.get(focus.id);
    if (!item) return;
    const control = focus.control === 'item' ? null : item.querySelector<HTMLButtonElement>(`[data-focus="${focus.control}"]`);
    (control && !control.disabled ? control : item).focus();
    setFocus(undefined);
  }, [focus, list]);

  const change = (next: Rule[], enabled = rules.enabled) => void run(() => save({ enabled, rules: next } satisfies RuleSet));
  const move = (from: number, by: -1 | 1, control: FocusRequest['control']) => {
    const to = from + by;
    if (to < 0 || to >= list.length) return;
    const next = [...list];
    [next[from], next[to]] = [next[to], next[from]];
    setFocus({ id: next[to].id ?? '', control });
    change(next);
  };
  const saveEdit = (rule: Rule) => {
    if (!editing) return;
    change(editing.at === 'new' ? [...list, rule] : list.map((r, i) => (i === editing.at ? rule : r)));
    setEditing(undefined);
  };
  const toolNames = (session?.tools ?? []).map((t) => t.name);

  return (
    <section aria-label="Rules" className="space-y-2 p-3">
      <p className="text-[11px] text-slate-500">
        {isLive
          ? 'This session’s rules: the first rule switched on that matches answers; a change applies at once.'
          : isStanding
            ? 'Rules for the next connection, the inspector’s own (from --rules): the session Connect opens gets them. The first rule switched on that matches answers.'
            : 'Rules for the next connection: Connect sends them. The first rule switched on that matches answers.'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1.5 text-xs font-medium text-slate-700">
          <input type="checkbox" className="accent-indigo-600" checked={rules.enabled} disabled={busy} onChange={(e) => change(list, e.target.checked)} />
          All rules on
        </label>
        <Button
          size="sm"
          tone="primary"
          className="ml-auto"
          disabled={busy || editing !== undefined}
          onClick={() => setEditing({ at: 'new', form: emptyRuleForm() })}
        >
          Add rule
        </Button>
        <RulesFileButtons rules={{ enabled: rules.enabled, rules: list }} busy={busy} onImport={(next) => change(withIds(next.rules), next.enabled)} />
      </div>
      {error && <Alert>{error}</Alert>}
      {list.length === 0 && editing === undefined && <p className="text-xs text-slate-500">No rules yet: every elicitation waits for you.</p>}
      {list.length > 0 && (
        <ol aria-label="Response rules" className="space-y-1.5">
          {list.map((rule, i) =>
            editing?.at === i ? (
              <li key={rule.id}>
                <RuleEditor initial={editing.form} toolNames={toolNames} isNew={false} onSave={saveEdit} onDiscard={() => setEditing(undefined)} />
              </li>
            ) : (
              <RuleItem
                key={rule.id}
                rule={rule}
                place={i + 1}
                count={list.length}
                stats={stats.get(ruleStatsKey(rules.rules[i] ?? rule, i + 1))}
                isAllOn={rules.enabled}
                busy={busy}
                itemRef={(el) => {
                  if (el) items.current.set(rule.id ?? '', el);
                  else items.current.delete(rule.id ?? '');
                }}
                onMove={(by, control) => move(i, by, control)}
                onToggle={(isOn) => change(list.map((r, j) => (j === i ? { ...r, enabled: isOn } : r)))}
                onEdit={() => setEditing({ at: i, form: formFromRule(rule) })}
                onDelete={() => change(list.filter((_, j) => j !== i))}
                onShowLast={(seq) => app.reveal({ logSeq: seq })}
              />
            ),
          )}
        </ol>
      )}
      {editing?.at === 'new' && <RuleEditor initial={editing.form} toolNames={toolNames} isNew onSave={saveEdit} onDiscard={() => setEditing(undefined)} />}
    </section>
  );
}

/** Every rule gets an id the first time the page saves it, so its count and focus follow it when it moves. */
function withIds(rules: Rule[]): Rule[] {
  return rules.some((r) => !r.id) ? rules.map((r) => (r.id ? r : { ...r, id: newRuleId() })) : rules;
}
