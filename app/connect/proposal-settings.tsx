import { acceptLanguageProblem, type ProposalSettings } from '@wire/proposals';

type Switch = { [K in keyof ProposalSettings]: ProposalSettings[K] extends boolean ? K : never }[keyof ProposalSettings];

/** One checkbox per protocol proposal (docs/proposals.md); all off by default, so a connection is the released revision. */
const PROPOSALS: { key: Switch; label: string; hint: string }[] = [
  {
    key: 'deprecationNotes',
    label: 'Deprecation notes (SEP-2577)',
    hint: 'a finding each time a server uses roots, sampling or logging on 2026-07-28',
  },
  {
    key: 'authorizationDenials',
    label: 'Authorization denials (SEP-2643, draft)',
    hint: 'a URL elicitation that remedies a denial shows as an authorization step; the retry echoes its id',
  },
  {
    key: 'fileInputs',
    label: 'File inputs (SEP-2356, draft)',
    hint: 'a string/uri field with x-mcp-file is a file picker that sends a data: URI',
  },
  {
    key: 'keepFileBytes',
    label: 'Keep file bytes in the log (SEP-2356)',
    hint: 'off, a data: URI the client sends is logged as its type, size and SHA-256, as the proposal asks; on, whole',
  },
  {
    key: 'appElicitation',
    label: 'App-rendered forms (SEP-3118, draft)',
    hint: 'a form request that names an MCP App shows it in a sandboxed frame beside the form',
  },
];

/** The Proposals part of Client settings. */
export function ProposalSettingsFields({ proposals, onChange }: { proposals: ProposalSettings; onChange: (proposals: ProposalSettings) => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-xs font-medium text-slate-700">Proposals</legend>
      {PROPOSALS.map(({ key, label, hint }) => (
        <label key={key} className="flex items-start gap-2 text-xs">
          <input
            type="checkbox"
            className="mt-0.5 accent-indigo-600"
            checked={proposals[key]}
            onChange={(e) => onChange({ ...proposals, [key]: e.target.checked })}
          />
          <span>
            {label} <span className="text-slate-500">({hint})</span>
          </span>
        </label>
      ))}
      <LanguageField language={proposals.language} onChange={(language) => onChange({ ...proposals, language })} />
    </fieldset>
  );
}

/** SEP-2792: the person's language preference, an Accept-Language value; empty sends none. A value the proxy would refuse is said here first, with why. */
function LanguageField({ language, onChange }: { language: string; onChange: (language: string) => void }) {
  const problem = language.trim() === '' ? undefined : acceptLanguageProblem(language.trim());
  const invalid = problem !== undefined;
  return (
    <div className="text-xs">
      <label className="flex items-center gap-2">
        <span>Language (SEP-2792, draft)</span>
        <input
          type="text"
          className="w-44 rounded border border-slate-300 px-1 py-0.5"
          placeholder="e.g. fr-CA,fr;q=0.9"
          value={language}
          aria-invalid={invalid}
          aria-describedby="language-hint"
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <p id="language-hint" className={invalid ? 'text-red-700' : 'text-slate-500'}>
        {invalid
          ? `Not an Accept-Language value (such as fr or fr-CA,fr;q=0.9,en;q=0.5): ${problem}.`
          : 'sent on every request as _meta acceptLanguage and, over HTTP, Accept-Language; empty sends none'}
      </p>
    </div>
  );
}
