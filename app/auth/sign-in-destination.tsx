import type { UrlAnalysis } from '@wire/url-checks';

/**
 * Where the sign-in page is: the host set apart (its registrable domain in
 * bold, as URL flows show it), then the whole authorization URL, and any
 * reason for care (an over-long URL, plain http to another machine).
 */
export function SignInDestination({ analysis }: { analysis: UrlAnalysis }) {
  const { host, registrableDomain, subdomainPrefix, port, scheme } = analysis;
  return (
    <div className="space-y-1.5">
      {host && (
        <p className="text-sm text-slate-700" aria-label="Sign-in host">
          Sign in at{' '}
          <span className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[13px] ring-1 ring-slate-200">
            <span className="text-slate-500">{scheme}://</span>
            <span className="text-slate-600">{subdomainPrefix}</span>
            <strong className="font-semibold text-slate-950">{registrableDomain ?? host}</strong>
            {port && <span className="text-slate-500">:{port}</span>}
          </span>
        </p>
      )}
      <pre
        aria-label="Authorization URL"
        className="max-h-28 overflow-auto rounded bg-slate-900 px-2 py-1.5 font-mono text-[11px] leading-4 break-all whitespace-pre-wrap text-slate-100"
      >
        {analysis.raw}
      </pre>
      {analysis.problems.length > 0 && (
        <ul aria-label="Authorization URL checks" className="space-y-1">
          {analysis.problems.map((problem) => (
            <li key={problem.code} className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 ring-1 ring-amber-200">
              {problem.level === 'refuse' && <strong>Cannot be opened: </strong>}
              {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
