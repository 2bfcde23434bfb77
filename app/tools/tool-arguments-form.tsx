import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { ToolInfo } from '@app/model/session-store';
import { Button } from '@app/ui/button';
import { ErrorBoundary } from '@app/ui/error-boundary';
import { INPUT_CLASS } from '@app/ui/field';
import { JsonForm, type JsonFormHandle } from '@app/ui/json-form/json-form';
import { Alert } from '../ui/alert';

/**
 * The arguments of one tool: a form generated from its inputSchema, or raw JSON.
 * The schema is server data: a form rjsf cannot render shows why in place and
 * leaves Edit arguments as JSON working; its patterns run on RE2 (jsonFormValidator).
 */
function ToolArgumentsForm({
  tool,
  disabled,
  onRun,
  isRunRequested,
  onRunRequestTaken,
}: {
  tool: ToolInfo;
  disabled: boolean;
  onRun: (args: Record<string, unknown>) => void;
  /** A run asked for from the keyboard, maybe before this form had loaded. */
  isRunRequested: boolean;
  onRunRequestTaken: () => void;
}) {
  const schema = useMemo(() => formSchema(tool.inputSchema), [tool.inputSchema]);
  const hasFields = Object.keys((schema.properties as object | undefined) ?? {}).length > 0;
  const formRef = useRef<JsonFormHandle>(null);
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [asJson, setAsJson] = useState(false);
  const [json, setJson] = useState('{}');
  const [jsonError, setJsonError] = useState<string>();
  const [tried, setTried] = useState(false);

  const switchMode = (toJson: boolean) => {
    if (toJson) setJson(JSON.stringify(formData, null, 2));
    else {
      try {
        setFormData(JSON.parse(json) as Record<string, unknown>);
      } catch {
        // Unparseable JSON: keep the form's last values.
      }
    }
    setAsJson(toJson);
  };

  const run = () => {
    if (!asJson && !hasFields) return onRun({});
    if (!asJson) {
      setTried(true);
      formRef.current?.submit();
      return;
    }
    try {
      const parsed: unknown = JSON.parse(json || '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('Arguments must be a JSON object.');
      setJsonError(undefined);
      onRun(parsed as Record<string, unknown>);
    } catch (error) {
      setJsonError((error as Error).message);
    }
  };
  const runRef = useRef(run);
  runRef.current = run;
  // StrictMode runs a mount effect twice before the parent's state catches up: one request, one run.
  const isRequestTakenRef = useRef(false);
  useEffect(() => {
    if (!isRunRequested) {
      isRequestTakenRef.current = false;
      return;
    }
    if (isRequestTakenRef.current) return;
    isRequestTakenRef.current = true;
    onRunRequestTaken();
    // A request while the session cannot run a tool is dropped, as the Run button would be disabled.
    if (!disabled) runRef.current();
  }, [isRunRequested, disabled, onRunRequestTaken]);

  return (
    <div className="space-y-3">
      {asJson ? (
        <div className="space-y-1">
          <textarea
            aria-label="Arguments JSON"
            rows={8}
            spellCheck={false}
            className={`${INPUT_CLASS} font-mono text-xs`}
            value={json}
            onChange={(e) => setJson(e.target.value)}
          />
          {jsonError && <Alert look="inline">{jsonError}</Alert>}
        </div>
      ) : hasFields ? (
        <ErrorBoundary label="The arguments form" resetKey={schema}>
          <JsonForm
            ref={formRef}
            idPrefix={`tool-${tool.name}`}
            schema={schema}
            formData={formData}
            onChange={setFormData}
            onSubmit={(data) => onRun(data)}
            liveValidate={tried}
            disabled={disabled}
          />
        </ErrorBoundary>
      ) : (
        <p className="text-xs text-slate-500">This tool takes no arguments.</p>
      )}
      <div className="flex items-center gap-2">
        <Button tone="primary" onClick={run} disabled={disabled}>
          Run tool
        </Button>
        <label className="flex items-center gap-1.5 text-xs text-slate-600">
          <input type="checkbox" className="accent-indigo-600" checked={asJson} onChange={(e) => switchMode(e.target.checked)} />
          Edit arguments as JSON
        </label>
      </div>
    </div>
  );
}

function formSchema(inputSchema: Record<string, unknown> | undefined): RJSFSchema {
  // The form validates with draft-07 ajv; the subset tools use reads the same under 2020-12.
  const { $schema: _dialect, ...rest } = inputSchema ?? { type: 'object', properties: {} };
  return rest;
}

/** Memoized: the tool panel re-renders on every push of the session, the rjsf form only when its own props change. */
export default memo(ToolArgumentsForm);
