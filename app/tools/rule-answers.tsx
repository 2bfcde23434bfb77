import { ruleAnsweredText } from '@app/model/rule-text';
import type { CallView, SessionSnapshot } from '@app/model/session-store';

/** Which of a call's elicitations a rule answered, and how: "decline: answered by rule 2 (x) after 500 ms". */
export function RuleAnswers({ call, session }: { call: CallView; session: SessionSnapshot }) {
  const answers = session.elicitations
    .filter((e) => e.callId === call.callId)
    .flatMap((e) => e.actions.filter((a) => a.actor === 'rule' && a.rule && (a.action === 'accept' || a.action === 'decline' || a.action === 'cancel')));
  if (!answers.length) return null;
  return (
    <ul aria-label="Answered by rules" className="space-y-0.5 text-xs text-indigo-900">
      {answers.map((a) => (
        <li key={a.seq}>
          {a.action} {a.key}: {a.rule && ruleAnsweredText(a.rule)}
        </li>
      ))}
    </ul>
  );
}
