/**
 * A JSON Schema form (react-jsonschema-form, validated with ajv 8 and formats)
 * in the app's style. Knows nothing about MCP; callers prepare the schema.
 * Loaded lazily: rjsf and ajv are the heaviest part of the page.
 */
import Form from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { Ref } from 'react';
import { DescriptionFieldTemplate, ErrorListTemplate, FieldErrorTemplate, FieldHelpTemplate, FieldTemplate, ObjectFieldTemplate, SubmitButton, TitleFieldTemplate } from './templates';
import { BaseInputTemplate, CheckboxesWidget, CheckboxWidget, SelectWidget, TextareaWidget } from './widgets';

export type JsonFormHandle = Form<Record<string, unknown>>;

/** ajv with strict mode off (servers send keywords like enumNames) and the standard formats. */
export const jsonFormValidator = customizeValidator<Record<string, unknown>>({ ajvOptionsOverrides: { strict: false } });

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
const WIDGETS = { SelectWidget, CheckboxWidget, CheckboxesWidget, TextareaWidget };

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
      experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, emptyObjectFields: 'populateAllDefaults' }}
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
        return { ...error, message: `must be a valid ${FORMAT_NAMES[String(p.format)] ?? p.format}` };
      case 'minLength':
        return { ...error, message: `must be at least ${p.limit} characters` };
      case 'maxLength':
        return { ...error, message: `must be at most ${p.limit} characters` };
      case 'minItems':
        return { ...error, message: `pick at least ${p.limit}` };
      case 'maxItems':
        return { ...error, message: `pick at most ${p.limit}` };
      case 'type':
        return { ...error, message: `must be ${p.type === 'integer' ? 'a whole number' : `a ${p.type}`}` };
      default:
        return error;
    }
  });
}

const FORMAT_NAMES: Record<string, string> = { email: 'email address', uri: 'URI (e.g. https://example.com)', date: 'date (YYYY-MM-DD)', 'date-time': 'date and time' };
