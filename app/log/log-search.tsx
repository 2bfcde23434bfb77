import { useId, useMemo, useState } from 'react';
import { cn } from '@app/ui/cn';
import { parseLogQuery } from '@wire/log-query';

const SYNTAX: { example: string; meaning: string }[] = [
  { example: 'elicit form', meaning: 'entries whose JSON holds every word; "a phrase" in quotes' },
  { example: 'method:tools/call', meaning: 'a JSON-RPC method (responses count as their request’s)' },
  { example: 'kind:elicitation', meaning: 'an entry kind: rpc-in, rpc-out, http, stderr, finding, … or rpc, call, error' },
  { example: 'dir:in', meaning: 'direction: in (from the server) or out (to it)' },
  { example: 'status:error', meaning: 'ok, error, pending, or an HTTP status such as 404' },
  { example: 'latency:>500', meaning: 'milliseconds, with <, >, <=, >= or =' },
  { example: 'call:c3', meaning: 'the entries of one tool call' },
  { example: '-kind:stderr', meaning: 'a minus sign leaves matching entries out' },
];

/** The log's search field: free words and `key:value` filters, with its syntax one click away and its problems under it. */
export function LogSearch({ text, onText }: { text: string; onText: (text: string) => void }) {
  const hintId = useId();
  const problemsId = useId();
  const syntaxId = useId();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const { problems } = useMemo(() => parseLogQuery(text), [text]);
  const hasProblems = problems.length > 0;
  return (
    <div
      className="relative flex flex-col gap-0.5"
      onKeyDown={(e) => {
        // Escape closes the help, and goes no further: it must not reach anything that would cancel.
        if (e.key === 'Escape' && isHelpOpen) {
          e.stopPropagation();
          setHelpOpen(false);
        }
      }}
    >
      <div className="flex items-center gap-1">
        <input
          aria-label="Search log"
          aria-describedby={hasProblems ? `${problemsId} ${hintId}` : hintId}
          aria-invalid={hasProblems || undefined}
          placeholder="Search, or method:… kind:… status:error"
          className={cn(
            'w-72 rounded-md border-0 bg-white px-2 py-1 text-xs text-slate-900 ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500 focus:outline-none',
            hasProblems && 'ring-rose-500',
          )}
          value={text}
          onChange={(e) => onText(e.target.value)}
        />
        <button
          type="button"
          aria-label="Search syntax"
          aria-expanded={isHelpOpen}
          aria-controls={syntaxId}
          className="h-5 w-5 rounded-full text-xs font-semibold text-slate-600 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          onClick={() => setHelpOpen((open) => !open)}
        >
          ?
        </button>
      </div>
      <p id={hintId} className="sr-only">
        Words search every entry&apos;s JSON. Filters: method:, kind:, dir:, status:, latency:, call:; a minus sign negates one. The Search syntax button lists
        them.
      </p>
      {hasProblems && (
        // No name on the list: a name would stand in for its text in the field's description.
        <ul id={problemsId} className="max-w-md text-[11px] text-rose-700">
          {problems.map((problem, i) => (
            <li key={`${i}:${problem.term}`}>{problem.message}</li>
          ))}
        </ul>
      )}
      <div
        id={syntaxId}
        role="region"
        aria-label="Search syntax help"
        hidden={!isHelpOpen}
        className="absolute top-7 left-0 z-20 w-[34rem] rounded-md bg-white p-3 text-xs text-slate-700 shadow-lg ring-1 ring-slate-300"
      >
        <p className="mb-1.5 font-medium text-slate-900">All terms must hold. Click a filter to add it.</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {SYNTAX.map((row) => (
            <div key={row.example} className="contents">
              <dt>
                <button
                  type="button"
                  className="rounded font-mono text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  onClick={() => onText(`${text.trim()} ${row.example}`.trim())}
                >
                  {row.example}
                </button>
              </dt>
              <dd>{row.meaning}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
