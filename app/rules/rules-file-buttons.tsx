import { useState } from 'react';
import type { RuleSet } from '@wire/rules';
import { Alert } from '@app/ui/alert';
import { Button } from '@app/ui/button';
import { saveFile } from '@app/ui/save-file';
import { parseRulesFile, RULES_FILE_MAX_BYTES, rulesFileText } from './rules-file';

/** Export the rules as a file, or replace them with a file's; a broken file changes nothing and says why. */
export function RulesFileButtons({ rules, busy, onImport }: { rules: RuleSet; busy: boolean; onImport: (rules: RuleSet) => void }) {
  const [error, setError] = useState<string>();
  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (file.size > RULES_FILE_MAX_BYTES) {
      setError(`${file.name}: larger than ${RULES_FILE_MAX_BYTES / 1_000_000} MB; a rules file is much smaller. Nothing was changed.`);
      return;
    }
    const parsed = parseRulesFile(await file.text());
    if ('error' in parsed) setError(`${file.name}: ${parsed.error}. Nothing was changed.`);
    else onImport(parsed.rules);
  };
  return (
    <>
      <Button size="sm" onClick={() => saveFile(new Blob([rulesFileText(rules)], { type: 'application/json' }), 'rules.json')}>
        Export rules
      </Button>
      <label className="cursor-pointer rounded-md px-2 py-1 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50">
        Import…
        <input
          type="file"
          accept=".json,application/json"
          className="sr-only"
          aria-label="Import a rules file"
          disabled={busy}
          onChange={(e) => {
            void handleFile(e.target.files?.[0]);
            // The same file can be picked again after it is fixed.
            e.target.value = '';
          }}
        />
      </label>
      {error && <Alert className="w-full">{error}</Alert>}
    </>
  );
}
