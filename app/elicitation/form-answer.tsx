import { memo, useMemo, useRef, useState } from 'react';
import { createSchemaUtils } from '@rjsf/utils';
import type { ElicitationView } from '@app/model/session-store';
import { useCommands } from '@app/state/app-context';
import { Button } from '@app/ui/button';
import { ErrorBoundary } from '@app/ui/error-boundary';
import { INPUT_CLASS } from '@app/ui/field';
import { JSON_FORM_DEFAULTS, JsonForm, jsonFormValidator, type JsonFormHandle } from '@app/ui/json-form/json-form';
import { prepareForm, type PreparedForm } from './schema-prep';
import { SchemaNotes } from './schema-notes';
import { Alert } from '../ui/alert';

type Action = 'accept' | 'decline' | 'cancel';

/** Inputs where Enter means something else (or nothing): toggles, pickers, buttons. */
const NOT_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color', 'range']);

/**
 * Answer a form elicitation: the requested schema as a validated form (or raw
 * JSON), and Accept, Decline, Cancel. Content goes out only with Accept.
 * In its own chunk (it brings rjsf and ajv), fetched while the page is idle. Memoized: its card
 * re-renders on every push of the session, and an rjsf form need not unless its request changed.
 */
function FormAnswer({ elicitation, sessionId, fileInputs = false }: { elicitation: ElicitationView; sessionId: string; fileInputs?: boolean }) {
  const commands = useCommands();
  const prepared = useMemo(() => prepareForm(elicitation.params.requestedSchema, { fileInputs }), [elicitation.params.requestedSchema, fileInputs]);
  const initial = useMemo(() => initialData(prepared), [prepared]);
  const formRef = useRef<JsonFormHandle>(null);
  const [formData, setFormData] = useState<Record<string, unknown>>(initial);
  const [tried, setTried] = useState(false);
  const [invalidCount, setInvalidCount] = useState(0);
  const [skipValidation, setSkipValidation] = useState(false);
  const [asJson, setAsJson] = useState(false);
  const [json, setJson] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState<Action>();

  const send = async (action: Action, content?: Record<string, unknown>) => {
    setSending(action);
    setError(undefined);
    try {
      await commands.send('answer-elicitation', {
        sessionId,
        key: elicitation.key,
        action,
        ...(action === 'accept' && { content: content ?? {} }),
        skipValidation,
      });
    } catch (e) {
      setError((e as Error).message);
      setSending(undefined);
    }
  };

  const accept = () => {
    if (asJson) {
      try {
        const parsed: unknown = JSON.parse(json);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('The content must be a JSON object.');
        void send('accept', parsed as Record<string, unknown>);
      } catch (e) {
        setError((e as Error).message);
      }
      return;
    }
    if (skipValidation) return void send('accept', formData);
    setTried(true);
    formRef.current?.submit();
  };

  // Enter in a one-line field answers as Accept does (sent only when valid, else the errors show); never in a multi-line field.
  const handleFormKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    if (!(e.target instanceof HTMLInputElement) || NOT_TEXT_INPUTS.has(e.target.type) || sending !== undefined) return;
    e.preventDefault();
    accept();
  };

  const toggleJson = (on: boolean) => {
    if (on) setJson(JSON.stringify(formData, null, 2));
    else {
      try {
        setFormData(JSON.parse(json) as Record<string, unknown>);
      } catch {
        // Keep the form's values when the JSON does not parse.
      }
    }
    setAsJson(on);
  };

  return (
    <div className="space-y-3">
      {asJson ? (
        <textarea
          aria-label="Content JSON"
          rows={10}
          spellCheck={false}
          className={`${INPUT_CLASS} font-mono text-xs`}
          value={json}
          onChange={(e) => setJson(e.target.value)}
        />
      ) : (
        <ErrorBoundary label="The form" resetKey={prepared}>
          {/* Keys bubble here from the fields; the wrapper itself takes no focus. */}
          <div onKeyDown={handleFormKeyDown}>
            <JsonForm
              ref={formRef}
              idPrefix={`elicit-${elicitation.key}`}
              schema={prepared.schema}
              uiSchema={prepared.uiSchema}
              formData={formData}
              onChange={(data) => {
                setFormData(data);
                if (tried) setInvalidCount(countErrors(prepared.schema, data));
              }}
              onSubmit={(data) => {
                setInvalidCount(0);
                void send('accept', data);
              }}
              onError={(errors) => setInvalidCount(new Set(errors.map((e) => e.property)).size)}
              liveValidate={tried}
              disabled={sending !== undefined}
            />
          </div>
        </ErrorBoundary>
      )}
      <SchemaNotes notes={prepared.notes} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <label className="flex items-center gap-1.5">
          <input type="checkbox" className="accent-indigo-600" checked={asJson} onChange={(e) => toggleJson(e.target.checked)} />
          Edit as JSON
        </label>
        <label
          className="flex items-center gap-1.5"
          title="Send the content as it is, even when it breaks the requested schema, to test the server's own validation."
        >
          <input type="checkbox" className="accent-rose-600" checked={skipValidation} onChange={(e) => setSkipValidation(e.target.checked)} />
          Send without validating
        </label>
      </div>
      {/* The answer buttons stay in reach however long the form is. */}
      <div className="sticky bottom-0 -mx-3 -mb-3 space-y-2 rounded-b-lg border-t border-slate-200 bg-white/95 px-3 py-2 backdrop-blur">
        {tried && invalidCount > 0 && !asJson && !skipValidation && (
          <Alert className="font-medium">Not sent: {invalidCount === 1 ? '1 field needs' : `${invalidCount} fields need`} attention.</Alert>
        )}
        {error && <Alert>{error}</Alert>}
        <div className="flex gap-2">
          <Button tone="success" onClick={accept} disabled={sending !== undefined}>
            Accept
          </Button>
          <Button onClick={() => void send('decline')} disabled={sending !== undefined}>
            Decline
          </Button>
          <Button tone="ghost" onClick={() => void send('cancel')} disabled={sending !== undefined}>
            Cancel
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The defaults the form starts from; none when rjsf cannot work them out (the form's error boundary then says why). */
function initialData(prepared: PreparedForm): Record<string, unknown> {
  try {
    const data: unknown = createSchemaUtils(jsonFormValidator, prepared.schema, JSON_FORM_DEFAULTS).getDefaultFormState(prepared.schema, undefined);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    // Rendering the same schema fails too, inside the error boundary, which shows the reason.
    return {};
  }
}

function countErrors(schema: Parameters<typeof jsonFormValidator.validateFormData>[1], data: Record<string, unknown>): number {
  try {
    const { errors } = jsonFormValidator.validateFormData(data, schema);
    return new Set(errors.map((e) => e.property)).size;
  } catch {
    // A schema ajv cannot compile counts as no known problem; the proxy's own check still runs on Accept.
    return 0;
  }
}

export default memo(FormAnswer);
