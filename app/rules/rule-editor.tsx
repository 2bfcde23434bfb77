import { useId, useState } from 'react';
import type { Rule } from '@wire/rules';
import { Alert } from '@app/ui/alert';
import { Button } from '@app/ui/button';
import { Field, INPUT_CLASS } from '@app/ui/field';
import type { AnswerChoice, RuleForm } from './rule-form';
import { ruleFromForm } from './rule-from-form';

const ANSWERS: { value: AnswerChoice; label: string }[] = [
  { value: 'accept-content', label: 'Accept with content' },
  { value: 'accept-defaults', label: 'Accept the defaults' },
  { value: 'decline', label: 'Decline' },
  { value: 'cancel', label: 'Cancel' },
  { value: 'none', label: 'Never answer' },
];

export type RuleEditorProps = { initial: RuleForm; toolNames: string[]; isNew: boolean; onSave: (rule: Rule) => void; onDiscard: () => void };

/** Edit one rule: what it matches (every field optional) and how it answers. Nothing is saved until it reads as a rule. */
export function RuleEditor({ initial, toolNames, isNew, onSave, onDiscard }: RuleEditorProps) {
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string>();
  const toolsId = useId();
  const set = (patch: Partial<RuleForm>) => setForm((f) => ({ ...f, ...patch }));
  const isAccept = form.answer === 'accept-content' || form.answer === 'accept-defaults';
  const contentError = form.answer === 'accept-content' ? jsonProblem(form.content) : undefined;
  const text = (label: string, key: 'name' | 'server' | 'message' | 'messagePattern' | 'properties' | 'roundKey', hint?: string) => (
    <Field label={label} hint={hint}>
      {(id) => <input id={id} className={INPUT_CLASS} value={form[key]} onChange={(e) => set({ [key]: e.target.value })} spellCheck={false} />}
    </Field>
  );

  return (
    <form
      aria-label="Rule editor"
      className="space-y-2 rounded-md bg-white p-2 ring-2 ring-indigo-300"
      onSubmit={(event) => {
        event.preventDefault();
        const built = ruleFromForm(form);
        if ('error' in built) setError(built.error);
        else onSave(built.rule);
      }}
    >
      {text('Rule name', 'name')}
      <fieldset className="space-y-2">
        <legend className="text-xs font-semibold text-slate-700">Matches (leave empty to match any)</legend>
        <Field label="Tool" hint="Pick from the session's tools, or type a name.">
          {(id) => (
            <>
              <input id={id} list={toolsId} className={INPUT_CLASS} value={form.tool} onChange={(e) => set({ tool: e.target.value })} spellCheck={false} />
              <datalist id={toolsId}>
                {toolNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        {text('Server name', 'server')}
        <Field label="Mode">
          {(id) => (
            <select id={id} className={INPUT_CLASS} value={form.mode} onChange={(e) => set({ mode: modeOf(e.target.value) })}>
              <option value="">Form or URL</option>
              <option value="form">Form</option>
              <option value="url">URL</option>
              <option value="sampling">Sampling (content: the whole result)</option>
            </select>
          )}
        </Field>
        {text('Message contains', 'message')}
        {text('Message pattern', 'messagePattern', 'A regular expression (RE2: no backreferences or lookaround).')}
        {text('Properties', 'properties', 'Property names the form asks for, separated by commas.')}
        {text('Round key', 'roundKey', 'The input key of a 2026-07-28 round.')}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-xs font-semibold text-slate-700">Answers</legend>
        <Field label="Answer">
          {(id) => (
            <select id={id} className={INPUT_CLASS} value={form.answer} onChange={(e) => set({ answer: answerOf(e.target.value) })}>
              {ANSWERS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {form.answer === 'accept-content' && (
          <Field label="Content (JSON)" hint="Merged over the form's defaults.">
            {(id) => (
              <>
                <textarea
                  id={id}
                  rows={4}
                  aria-invalid={contentError !== undefined}
                  className={`${INPUT_CLASS} font-mono text-xs`}
                  value={form.content}
                  onChange={(e) => set({ content: e.target.value })}
                  spellCheck={false}
                />
                {contentError && <Alert look="inline">{contentError}</Alert>}
              </>
            )}
          </Field>
        )}
        {form.answer !== 'none' && (
          <Field label="Delay (ms)">
            {(id) => <input id={id} type="number" min={0} className={INPUT_CLASS} value={form.delayMs} onChange={(e) => set({ delayMs: e.target.value })} />}
          </Field>
        )}
        {isAccept && (
          <>
            <label className="flex items-center gap-2 text-xs">
              <input type="checkbox" className="accent-indigo-600" checked={form.markComplete} onChange={(e) => set({ markComplete: e.target.checked })} />
              URL mode: mark the flow complete
            </label>
            <label className="flex items-center gap-2 text-xs">
              <input type="checkbox" className="accent-indigo-600" checked={form.skipValidation} onChange={(e) => set({ skipValidation: e.target.checked })} />
              Skip validation
            </label>
            {form.skipValidation && (
              <p className="rounded bg-amber-50 px-2 py-1 text-[11px] text-amber-900 ring-1 ring-amber-200">
                Content that fails the requested schema is sent anyway: use it to test your server's own checks.
              </p>
            )}
          </>
        )}
      </fieldset>
      {error && <Alert>{error}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" tone="primary">
          {isNew ? 'Add this rule' : 'Save rule'}
        </Button>
        <Button size="sm" onClick={onDiscard}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}

function jsonProblem(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'Content must be a JSON object, such as {"name": "Ada"}.';
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function modeOf(value: string): RuleForm['mode'] {
  return value === 'form' || value === 'url' || value === 'sampling' ? value : '';
}

function answerOf(value: string): AnswerChoice {
  return ANSWERS.find((a) => a.value === value)?.value ?? 'decline';
}
