/** A session diff as a person reads it in a terminal: the two sides, each call that differs and how, a count. */
import type { DiffCall, DiffSide, SessionDiff } from '../wire/session-diff';

export function diffText(diff: SessionDiff): string {
  const lines = [`A: ${sideLine(diff.a)}`, `B: ${sideLine(diff.b)}`];
  if (diff.eraDifference) lines.push(diff.eraDifference);
  lines.push('');
  for (const call of diff.calls) {
    if (call.status === 'same') continue;
    lines.push(`${callName(call)}: ${call.status === 'changed' ? 'changed' : `only in ${call.status === 'only-a' ? 'A' : 'B'}`}`);
    for (const change of call.changes) lines.push(`  ${change.what}: ${change.a ?? '(none)'} → ${change.b ?? '(none)'}`);
  }
  const count = (status: DiffCall['status']) => diff.calls.filter((call) => call.status === status).length;
  const aligned = count('same') + count('changed');
  const onlyA = count('only-a');
  const onlyB = count('only-b');
  const tail = [onlyA && `${onlyA} only in A`, onlyB && `${onlyB} only in B`].filter(Boolean).join(', ');
  lines.push(
    `${aligned} call${aligned === 1 ? '' : 's'} compared: ${count('changed')} changed, ${count('same')} the same${tail ? `; ${tail}` : ''}. ` +
      (diff.isDifferent ? 'The sessions differ.' : `No difference (times within ${diff.timeThresholdMs} ms).`),
  );
  return `${lines.join('\n')}\n`;
}

function sideLine(side: DiffSide): string {
  const server = side.serverName ? `${side.serverName}${side.serverVersion ? ` ${side.serverVersion}` : ''}` : 'a server that never became ready';
  const revision = side.protocolVersion ? ` on ${side.protocolVersion}` : '';
  return `${side.source}: ${server}${revision}, ${side.callCount} call${side.callCount === 1 ? '' : 's'}`;
}

function callName(call: DiffCall): string {
  return `${call.method} ${call.name}${call.occurrence > 1 ? ` (#${call.occurrence})` : ''}`;
}
