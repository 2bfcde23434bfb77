import type { SchemaNote } from './schema-prep';

/** What the form leaves out of the server's schema, shown raw: the form never follows it, the person can still read it. */
export function SchemaNotes({ notes }: { notes: SchemaNote[] }) {
  if (!notes.length) return null;
  return (
    <details className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900 ring-1 ring-amber-200" open>
      <summary className="cursor-pointer font-medium">
        Not in the form: {notes.length} {notes.length === 1 ? 'part' : 'parts'} of the schema (use Edit as JSON to send a value for them)
      </summary>
      <ul aria-label="Not in the form" className="mt-1 space-y-0.5">
        {notes.map((n, i) => (
          <li key={i}>
            <code className="font-mono">
              {n.path ? `${n.path}.` : ''}
              {n.keyword || '(field)'}
            </code>{' '}
            <code className="font-mono break-all text-amber-800">{n.raw}</code>: {n.why}
          </li>
        ))}
      </ul>
    </details>
  );
}
