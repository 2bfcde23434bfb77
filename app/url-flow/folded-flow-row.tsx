import { useMemo } from 'react';
import { analyzeUrl } from '@wire/url-checks';
import type { CallView, ElicitationView } from '@app/model/session-store';
import { Badge } from '@app/ui/badge';
import { Spoken } from '@app/ui/spoken';
import { flowState } from './flow-status';
import { STATUS_TONE } from './status-tone';

/**
 * One line for a URL flow while a form has the column: where it goes and where it
 * stands. Named like the whole card, so a script finds the same flow folded or not.
 */
export function FoldedFlowRow({ flow, call }: { flow: ElicitationView; call: CallView | undefined }) {
  const url = typeof flow.params.url === 'string' ? flow.params.url : '';
  const analysis = useMemo(() => analyzeUrl(url), [url]);
  const { status } = flowState(flow, call);
  const where = analysis.host ? `${analysis.host}${analysis.port ? `:${analysis.port}` : ''}` : `a ${analysis.scheme ?? 'malformed'} URL`;
  return (
    <article aria-label={`URL elicitation ${flow.key}`} className="flex min-w-0 items-center gap-2 text-xs text-slate-700">
      <span className="min-w-0 truncate font-mono" title={url}>
        {where}
      </span>
      <Spoken text=", " />
      <Badge tone={STATUS_TONE[status]}>
        <span role="status" aria-label="Flow status">
          {status}
        </span>
      </Badge>
      {analysis.isRefused && <span className="text-rose-700">cannot be opened</span>}
    </article>
  );
}
