import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCommands, useReveal, useSession } from '@app/state/app-context';
import { Button } from '@app/ui/button';
import { INPUT_CLASS } from '@app/ui/field';
import { useBusyAction } from '@app/ui/use-busy-action';
import { Alert } from '../ui/alert';
import { CatalogCalls } from './catalog-calls';
import type { ResourcePick } from './resource-list';
import { expandTemplate, templateVariables } from './uri-template';
import { useCatalog } from './use-catalog';

/** The selected resource (Read resource), or template (its variables, the URI they make, Read resource); and the reads. */
export function ResourcePanel({ pick }: { pick: ResourcePick | undefined }) {
  const session = useSession();
  const resources = useCatalog('resources');
  const templates = useCatalog('resource-templates');
  if (!session || !pick) {
    return (
      <Empty
        text={session?.status.state === 'ready' ? 'Pick a resource or a template on the left to read it.' : 'Connect to a server to read its resources.'}
      />
    );
  }
  const isReady = session.status.state === 'ready';
  if (pick.kind === 'resource') {
    const resource = resources.items.resources.find((r) => r.uri === pick.uri);
    if (!resource) return <Empty text={resources.isLoading ? 'Listing resources…' : `The server no longer lists ${pick.uri}.`} />;
    return (
      <ResourceReader
        key={resource.uri}
        sessionId={session.sessionId}
        title={resource.name || resource.uri}
        description={resource.description}
        isReady={isReady}
        uri={resource.uri}
        mimeType={resource.mimeType}
      />
    );
  }
  const template = templates.items.resourceTemplates.find((t) => t.uriTemplate === pick.uriTemplate);
  if (!template) return <Empty text={templates.isLoading ? 'Listing templates…' : `The server no longer lists ${pick.uriTemplate}.`} />;
  return (
    <TemplateReader
      key={template.uriTemplate}
      sessionId={session.sessionId}
      name={template.name}
      uriTemplate={template.uriTemplate}
      description={template.description}
      isReady={isReady}
    />
  );
}

function TemplateReader(props: { sessionId: string; name: string; uriTemplate: string; description?: string; isReady: boolean }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const variables = templateVariables(props.uriTemplate);
  const fields = (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-xs text-slate-600">
        Template <span className="font-mono break-all">{props.uriTemplate}</span>
      </legend>
      {variables.map((name) => (
        <VariableField key={name} name={name} value={values[name] ?? ''} onChange={(v) => setValues((old) => ({ ...old, [name]: v }))} />
      ))}
    </fieldset>
  );
  return (
    <ResourceReader
      sessionId={props.sessionId}
      title={props.name || props.uriTemplate}
      description={props.description}
      isReady={props.isReady}
      uri={expandTemplate(props.uriTemplate, values)}
      fields={fields}
    />
  );
}

type ReaderProps = { sessionId: string; title: string; description?: string; isReady: boolean; uri: string; fields?: ReactNode; mimeType?: string };

/** Read resource for one URI, and the reads of every URI read from here (a template's change with its variables). */
function ResourceReader({ sessionId, title, description, isReady, uri, fields, mimeType }: ReaderProps) {
  const commands = useCommands();
  const { error, run } = useBusyAction();
  const [readUris, setReadUris] = useState<string[]>([uri]);
  const read = () => {
    setReadUris((old) => (old.includes(uri) ? old : [...old, uri]));
    void run(() => commands.send('read-resource', { sessionId, uri }));
  };
  useReveal('command', (command) => {
    if (command === 'run-tool' && isReady && uri) read();
  });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    read();
  };
  return (
    <section aria-label="Resource" className="space-y-4 p-4">
      <header>
        <h2 className="font-mono text-base font-semibold break-all">{title}</h2>
        {description && <p className="mt-1 text-sm whitespace-pre-wrap text-slate-600">{description}</p>}
      </header>
      <form aria-label="Resource to read" className="space-y-3" onSubmit={handleSubmit} noValidate>
        {fields}
        <p className="text-xs text-slate-600">
          URI{' '}
          <output aria-label="Resource URI" className="font-mono break-all text-slate-900">
            {uri}
          </output>
          {mimeType && <span className="ml-2 text-slate-500">({mimeType})</span>}
        </p>
        <Button type="submit" tone="primary" disabled={!isReady || !uri}>
          Read resource
        </Button>
      </form>
      {error && <Alert>{error}</Alert>}
      <CatalogCalls method="resources/read" names={readUris} />
    </section>
  );
}

function VariableField({ name, value, onChange }: { name: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-mono text-xs font-medium text-slate-700">
        {name}
      </label>
      <input id={id} className={INPUT_CLASS} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="p-6 text-sm text-slate-500">{text}</p>;
}
