import { useState } from 'react';
import type { ElicitationView, SessionSnapshot } from '@app/model/session-store';
import { useCommands } from '@app/state/app-context';
import { Button } from '@app/ui/button';
import { Spoken } from '@app/ui/spoken';
import { Field, INPUT_CLASS } from '@app/ui/field';
import { JsonView } from '@app/ui/json-view';
import { useBusyAction } from '@app/ui/use-busy-action';
import { Alert } from '../ui/alert';
import { OriginBadge } from './elicitation-card';
import { FindingList } from './finding-list';

/** The inspector answers as itself, not as a model: the server sees this name in `model`. */
const REPLY_MODEL = 'elicitation-inspector';

/** One pending sampling/createMessage: what the server asks the model, and the reply a person writes for it. */
export function SamplingCard({ elicitation, session }: { elicitation: ElicitationView; session: SessionSnapshot }) {
  const call = session.calls.find((c) => c.callId === elicitation.callId);
  const { params } = elicitation;
  const messages: unknown[] = Array.isArray(params.messages) ? (params.messages as unknown[]) : [];
  const [text, setText] = useState('');
  const [isJson, setJson] = useState(false);
  const [json, setJsonText] = useState('');
  const commands = useCommands();
  const { busy, error, run } = useBusyAction();
  const reply = { role: 'assistant', content: { type: 'text', text }, model: REPLY_MODEL, stopReason: 'endTurn' };
  const send = (action: 'accept' | 'decline') =>
    void run(async () => {
      const content = action === 'accept' ? (isJson ? parseObject(json) : reply) : undefined;
      await commands.send('answer-elicitation', { sessionId: session.sessionId, key: elicitation.key, action, ...(content && { content }) });
    });
  return (
    <article aria-label={`Sampling request ${elicitation.key}`} className="space-y-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-violet-300">
      <header className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
        <span>
          <span className="font-semibold text-slate-900">{elicitation.serverName}</span> asks for a model reply (sampling)
        </span>
        <OriginBadge elicitation={elicitation} callName={call?.name} />
      </header>
      <FindingList findings={elicitation.findings} />
      {typeof params.systemPrompt === 'string' && (
        <p aria-label="System prompt" className="text-xs text-slate-700">
          <span className="font-medium">System prompt:</span> {params.systemPrompt}
        </p>
      )}
      <ol aria-label="Messages" className="space-y-1">
        {messages.map((message, index) => (
          <li key={index} className="rounded bg-slate-50 px-2 py-1 text-sm whitespace-pre-wrap text-slate-900 ring-1 ring-slate-200">
            <MessageText message={message} />
          </li>
        ))}
      </ol>
      <p className="text-[11px] text-slate-500">
        max {String(params.maxTokens)} tokens
        {params.modelPreferences !== undefined && <> · model preferences {JSON.stringify(params.modelPreferences)}</>}
      </p>
      {params.tools !== undefined && <JsonView value={params.tools} label="Tools offered" />}
      {isJson ? (
        <Field label="Reply JSON" hint="The whole CreateMessageResult: role, content, model, stopReason.">
          {(id) => <textarea id={id} rows={5} className={`${INPUT_CLASS} font-mono text-xs`} value={json} onChange={(e) => setJsonText(e.target.value)} />}
        </Field>
      ) : (
        <Field label="Reply">{(id) => <textarea id={id} rows={3} className={INPUT_CLASS} value={text} onChange={(e) => setText(e.target.value)} />}</Field>
      )}
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          className="accent-indigo-600"
          checked={isJson}
          onChange={(e) => {
            if (e.target.checked) setJsonText(JSON.stringify(reply, null, 2));
            setJson(e.target.checked);
          }}
        />
        Edit reply as JSON
      </label>
      {error && <Alert>{error}</Alert>}
      <div className="flex gap-2">
        <Button tone="success" disabled={busy} onClick={() => send('accept')}>
          Accept
        </Button>
        <Button disabled={busy} onClick={() => send('decline')}>
          Decline
        </Button>
      </div>
    </article>
  );
}

function MessageText({ message }: { message: unknown }) {
  if (typeof message !== 'object' || message === null) return <>{JSON.stringify(message)}</>;
  const { role, content } = message as { role?: unknown; content?: unknown };
  const isText = typeof content === 'object' && content !== null && 'text' in content && typeof content.text === 'string';
  return (
    <>
      <span className="mr-1 font-mono text-[10px] text-slate-500 uppercase">{String(role)}</span>
      <Spoken text=": " />
      {isText ? String((content as { text: string }).text) : JSON.stringify(content)}
    </>
  );
}

function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('The reply must be a JSON object.');
  return value as Record<string, unknown>;
}
