import type { OAuthStepEvent } from './oauth-view';

/** Each OAuth step as it happened, newest last: the log's entries, told as a list. */
export function SignInSteps({ steps }: { steps: readonly OAuthStepEvent[] }) {
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-600">Steps ({steps.length})</summary>
      <ol aria-label="Sign-in steps" className="mt-1 space-y-1">
        {steps.map((step) => (
          <li key={step.seq} className={step.step === 'failed' ? 'text-rose-800' : 'text-slate-700'}>
            <span className="font-mono text-slate-500">{new Date(step.at).toLocaleTimeString()}</span> <strong>{step.step}</strong> {step.message}
          </li>
        ))}
      </ol>
    </details>
  );
}
