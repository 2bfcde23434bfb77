/**
 * A JSON Schema form (react-jsonschema-form, validated with ajv 8 and formats)
 * in the app's style. Knows nothing about MCP; callers prepare the schema.
 * Loaded in its own chunk (rjsf and ajv are the heaviest part of the page), fetched
 * while the page is idle so no form waits for it.
 */
import Form from '@rjsf/core';
import type { Experimental_DefaultFormStateBehavior, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { Ref } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { safeRegExp } from '@wire/safe-pattern';
import { whenIdle } from '../when-idle';
import { checkWithBuiltMetaSchema } from './meta-schema';
import {
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  SubmitButton,
  TitleFieldTemplate,
} from './templates';
import { BaseInputTemplate, CheckboxesWidget, CheckboxWidget, SelectWidget, TextareaWidget } from './widgets';
import { FileWidget } from './file-widget';

export type JsonFormHandle = Form<Record<string, unknown>>;

/**
 * ajv with strict mode off (servers send keywords like enumNames) and the standard formats.
 * Patterns run on RE2: a server's `^(a+)+$` must not block the page's main thread.
 */
export const JSON_FORM_AJV_OPTIONS = { strict: false, code: { regExp: safeRegExp } };
export const jsonFormValidator = customizeValidator<Record<string, unknown>>({ ajvOptionsOverrides: JSON_FORM_AJV_OPTIONS });
checkWithBuiltMetaSchema(jsonFormValidator.ajv);

// The first form after a page load paid for code run for the first time: ajv's first compile runs its code
// generator for the first time, and rjsf's fields, widgets and templates are compiled on their first render
// (its commit took 1.8x a later form's). Both are done once while the page is idle, on a form nobody sees:
// rendered into an element outside the document, then unmounted. (The meta-schema every schema is checked
// against needs no compile here: its validator was generated when the page was built, meta-schema.ts.)
if (typeof window !== 'undefined') {
  const warm: RJSFSchema = {
    type: 'object',
    properties: {
      s: { type: 'string', format: 'email', minLength: 1, pattern: '^.' },
      n: { type: 'number' },
      i: { type: 'integer' },
      b: { type: 'boolean' },
      e: { type: 'string', enum: ['a', 'b'] },
    },
    required: ['s'],
  };
  whenIdle(() => {
    jsonFormValidator.isValid(warm, {}, warm);
    whenIdle(() => {
      const root = createRoot(document.createElement('div'));
      flushSync(() => root.render(<JsonForm idPrefix="warm-up" schema={warm} formData={{}} onChange={() => {}} onSubmit={() => {}} />));
      whenIdle(() => root.unmount());
    });
  });
}

/**
 * How rjsf fills a form before the person touches it. `constAsDefaults: 'never'`: rjsf's
 * default turns the first `oneOf` option's `const` into a value, so a select nobody
 * chose was preselected and sent.
 */
export const JSON_FORM_DEFAULTS: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'never' },
  emptyObjectFields: 'populateAllDefaults',
  constAsDefaults: 'never',
};

const TEMPLATES = {
  FieldTemplate,
  ObjectFieldTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  ErrorListTemplate,
  BaseInputTemplate,
  ButtonTemplates: { SubmitButton },
};
const WIDGETS = { SelectWidget, CheckboxWidget, CheckboxesWidget, TextareaWidget, FileWidget };

export type JsonFormProps = {
  ref?: Ref<JsonFormHandle>;
  /** Unique per form on the page: prefixes every field id so labels stay unambiguous. */
  idPrefix: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData: Record<string, unknown> | undefined;
  onChange: (formData: Record<string, unknown>) => void;
  onSubmit: (formData: Record<string, unknown>) => void;
  onError?: (errors: RJSFValidationError[]) => void;
  /** Skip validation on submit (to send content that breaks the schema on purpose). */
  noValidate?: boolean;
  disabled?: boolean;
  /** Re-validate on every change once the person has tried to submit. */
  liveValidate?: boolean;
};

export function JsonForm({ ref, idPrefix, schema, uiSchema, formData, onChange, onSubmit, onError, noValidate, disabled, liveValidate }: JsonFormProps) {
  return (
    <Form<Record<string, unknown>>
      ref={ref}
      idPrefix={idPrefix}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={jsonFormValidator}
      templates={TEMPLATES}
      widgets={WIDGETS}
      showErrorList={false}
      noHtml5Validate
      noValidate={noValidate}
      disabled={disabled}
      liveValidate={liveValidate ? 'onChange' : undefined}
      focusOnFirstError
      transformErrors={friendlyErrors}
      experimental_defaultFormStateBehavior={JSON_FORM_DEFAULTS}
      onChange={(event) => onChange(event.formData ?? {})}
      onSubmit={(event) => onSubmit(event.formData ?? {})}
      onError={onError}
    />
  );
}

/** ajv's messages, rephrased for people. */
export function friendlyErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((error) => {
    const p = (error.params ?? {}) as Record<string, unknown>;
    switch (error.name) {
      case 'required':
        return { ...error, message: 'is required' };
      case 'format':
        return { ...error, message: `must be a valid ${FORMAT_NAMES[String(p.format)] ?? String(p.format)}` };
      case 'minLength':
        return { ...error, message: `must be at least ${String(p.limit)} characters` };
      case 'maxLength':
        return { ...error, message: `must be at most ${String(p.limit)} characters` };
      case 'minItems':
        return { ...error, message: `pick at least ${String(p.limit)}` };
      case 'maxItems':
        return { ...error, message: `pick at most ${String(p.limit)}` };
      case 'type':
        return { ...error, message: `must be ${p.type === 'integer' ? 'a whole number' : `a ${String(p.type)}`}` };
      default:
        return error;
    }
  });
}

const FORMAT_NAMES: Record<string, string> = {
  email: 'email address',
  uri: 'URI (e.g. https://example.com)',
  date: 'date (YYYY-MM-DD)',
  'date-time': 'date and time',
};
