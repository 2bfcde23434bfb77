import { useState } from 'react';
import type { Target } from '@wire/target';
import { describeTarget } from '@wire/target-names';
import { Alert } from '@app/ui/alert';
import { Button } from '@app/ui/button';
import { INPUT_CLASS } from '@app/ui/field';

export type PastedServerEntry = {
  name: string;
  target: Target;
  /** The `${env:NAME}` names the config takes from an environment the page does not have. */
  missingEnv: string[];
};

/**
 * One server of a pasted config: **Use NAME** fills the form from it, with a field for each
 * `${env:NAME}` the config refers to; one left empty stays `${env:NAME}` in the form.
 */
export function PastedServer({ server, onUse }: { server: PastedServerEntry; onUse: (values: Record<string, string>) => string | undefined }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>();
  return (
    <li className="space-y-1">
      <div className="flex items-center gap-2">
        <Button size="sm" aria-label={`Use ${server.name}`} onClick={() => setError(onUse(values))}>
          Use
        </Button>
        <span className="min-w-0 truncate">
          <span className="font-medium">{server.name}</span> <span className="text-slate-500">{describeTarget(server.target)}</span>
        </span>
      </div>
      {server.missingEnv.length > 0 && (
        <fieldset className="space-y-1 pl-2">
          <legend className="text-slate-600">{server.name} takes these from the environment: fill them in</legend>
          {server.missingEnv.map((variable) => (
            <label key={variable} className="flex items-center gap-2">
              <span className="shrink-0 font-mono">{variable}</span>
              <input
                type="password"
                autoComplete="off"
                aria-label={`${variable} for ${server.name}`}
                className={`${INPUT_CLASS} text-xs`}
                value={values[variable] ?? ''}
                onChange={(event) => setValues({ ...values, [variable]: event.target.value })}
              />
            </label>
          ))}
        </fieldset>
      )}
      {error && <Alert>{error}</Alert>}
    </li>
  );
}
