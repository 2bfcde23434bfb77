import type { ProposalSettings } from '@wire/proposals';

/** One checkbox per protocol proposal (docs/proposals.md); all off by default, so a connection is the released revision. */
const PROPOSALS: { key: keyof ProposalSettings; label: string; hint: string }[] = [
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
    </fieldset>
  );
}
