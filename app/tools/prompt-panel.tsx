import { useEffect, useId, useState, type FormEvent } from 'react';
import type { PromptInfo } from '@wire/catalog';
import { useCommands, useReveal, useSession } from '@app/state/app-context';
import { Button } from '@app/ui/button';
import { INPUT_CLASS } from '@app/ui/field';
import { useBusyAction } from '@app/ui/use-busy-action';
import { Alert } from '../ui/alert';
import { CatalogCalls } from './catalog-calls';
import { useCatalog } from './use-catalog';

/** The selected prompt: its arguments as a form (required ones marked), Get prompt, and its calls. */
export function PromptPanel({ name }: { name: string | undefined }) {
  const session = useSession();
  const catalog = useCatalog('prompts');
  const prompt = catalog.items.prompts.find((p) => p.name === name);
  if (!session || !name) {
    return <Empty text={session?.status.state === 'ready' ? 'Pick a prompt on the left to get it.' : 'Connect to a server to get its prompts.'} />;
  }
  if (!prompt) return <Empty text={catalog.isLoading ? 'Listing prompts…' : `The server no longer lists ${name}.`} />;
  return <PromptForm key={`${session.sessionId}:${prompt.name}`} sessionId={session.sessionId} prompt={prompt} isReady={session.status.state === 'ready'} />;
}

function PromptForm({ sessionId, prompt, isReady }: { sessionId: string; prompt: PromptInfo; isReady: boolean }) {
  const commands = useCommands();
  const { error, run } = useBusyAction();
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const args = prompt.arguments ?? [];
  useEffect(() => setMissing([]), [values]);

  const getPrompt = () => {
    const unfilled = args.filter((a) => a.required && !(values[a.name] ?? '').trim()).map((a) => a.title ?? a.name);
    if (unfilled.length) return setMissing(unfilled);
    // Only the arguments given: an empty optional field is left out, not sent as "".
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    void run(() => commands.send('get-prompt', { sessionId, name: prompt.name, arguments: given }));
  };
  useReveal('command', (command) => {
    if (command === 'run-tool' && isReady) getPrompt();
  });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    getPrompt();
  };

  return (
    <section aria-label="Prompt" className="space-y-4 p-4">
      <header>
        <h2 className="font-mono text-base font-semibold break-all">{prompt.name}</h2>
        {prompt.title && prompt.title !== prompt.name && <p className="text-sm font-medium text-slate-700">{prompt.title}</p>}
        {prompt.description && <p className="mt-1 text-sm whitespace-pre-wrap text-slate-600">{prompt.description}</p>}
      </header>
      <form aria-label="Prompt arguments" className="space-y-3" onSubmit={handleSubmit} noValidate>
        {args.length === 0 && <p className="text-xs text-slate-500">This prompt takes no arguments.</p>}
        {args.map((arg) => (
          <ArgumentField key={arg.name} arg={arg} value={values[arg.name] ?? ''} onChange={(v) => setValues((old) => ({ ...old, [arg.name]: v }))} />
        ))}
        {missing.length > 0 && <Alert>Fill in {missing.join(', ')}: the prompt requires it.</Alert>}
        <Button type="submit" tone="primary" disabled={!isReady}>
          Get prompt
        </Button>
      </form>
      {error && <Alert>{error}</Alert>}
      <CatalogCalls method="prompts/get" names={[prompt.name]} />
    </section>
  );
}

type PromptArgument = NonNullable<PromptInfo['arguments']>[number];

function ArgumentField({ arg, value, onChange }: { arg: PromptArgument; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex gap-0.5 text-xs font-medium text-slate-700">
        <label htmlFor={id}>{arg.title ?? arg.name}</label>
        {/* Beside the label, not in it: the field's name stays the argument's own; aria-required says it to a reader. */}
        {arg.required && (
          <span aria-hidden className="text-rose-600">
            *
          </span>
        )}
      </div>
      <input id={id} className={INPUT_CLASS} value={value} required={arg.required} aria-required={arg.required} onChange={(e) => onChange(e.target.value)} />
      {arg.description && <p className="text-[11px] whitespace-pre-wrap text-slate-500">{arg.description}</p>}
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="p-6 text-sm text-slate-500">{text}</p>;
}
