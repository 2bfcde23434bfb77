import type { UrlAnalysis } from '@wire/url-checks';
import { cn } from '@app/ui/cn';

const LEVEL_STYLE = {
  refuse: 'bg-rose-50 text-rose-800 ring-rose-200',
  warn: 'bg-amber-50 text-amber-900 ring-amber-200',
  info: 'bg-slate-50 text-slate-700 ring-slate-200',
} as const;

/** What the parts are called: a URL flow's destination, or a sign-in's authorization URL. */
export type DestinationWords = { lead: string; host: string; url: string; checks: string };

const URL_FLOW_WORDS: DestinationWords = { lead: 'Goes to', host: 'Destination host', url: 'Full URL', checks: 'URL checks' };

/**
 * Where a URL really goes: the host set apart (its registrable domain in bold, its Unicode form named
 * when it differs), the whole URL, and every reason for care. URL flows and the OAuth sign-in both show
 * their URL through this, so a look-alike host reads the same in each.
 */
export function UrlDestination({ analysis, words = URL_FLOW_WORDS }: { analysis: UrlAnalysis; words?: DestinationWords }) {
  const { host, unicodeHost, registrableDomain, subdomainPrefix, port, scheme } = analysis;
  return (
    <div className="space-y-1.5">
      {host ? (
        <p className="text-sm text-slate-700" aria-label={words.host}>
          {words.lead}{' '}
          <span className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[13px] ring-1 ring-slate-200">
            <span className="text-slate-500">{scheme}://</span>
            <span className="text-slate-600">{subdomainPrefix}</span>
            <strong className="font-semibold text-slate-950">{registrableDomain ?? host}</strong>
            {port && <span className="text-slate-500">:{port}</span>}
          </span>
          {unicodeHost && unicodeHost !== host && (
            <span className="ml-1 text-xs text-amber-800">
              (shown as <span className="font-mono">{unicodeHost}</span>)
            </span>
          )}
        </p>
      ) : null}
      <pre
        aria-label={words.url}
        className="max-h-28 overflow-auto rounded bg-code-bg px-2 py-1.5 font-mono text-[11px] leading-4 break-all whitespace-pre-wrap text-code-fg"
      >
        {analysis.raw}
      </pre>
      {analysis.problems.length > 0 && (
        <ul aria-label={words.checks} className="space-y-1">
          {analysis.problems.map((p) => (
            <li key={p.code} className={cn('rounded px-2 py-1 text-xs ring-1', LEVEL_STYLE[p.level])}>
              {p.level === 'refuse' && <strong>Cannot be opened: </strong>}
              {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
