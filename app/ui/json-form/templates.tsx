/**
 * react-jsonschema-form templates in the app's Tailwind style. Labels are real
 * <label>s tied to their inputs, so a field's title is its accessible name.
 */
import {
  descriptionId,
  errorId,
  getTemplate,
  getUiOptions,
  titleId,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TitleFieldProps,
} from '@rjsf/utils';

export function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span aria-hidden className="ml-0.5 text-rose-600" title="required">
      *
    </span>
  );
}

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, uiSchema, schema, rawErrors } = props;
  if (hidden) return <div className="hidden">{children}</div>;
  const options = getUiOptions(uiSchema);
  const isGroup = options.widget === 'checkboxes' || schema.type === 'object';
  const isCheckbox = schema.type === 'boolean' || options.widget === 'checkbox';
  const invalid = (rawErrors?.length ?? 0) > 0;
  if (isGroup) {
    return (
      <div className="space-y-1" data-invalid={invalid || undefined}>
        {children}
        {errors}
        {help}
      </div>
    );
  }
  return (
    <div className="space-y-1" data-invalid={invalid || undefined}>
      {displayLabel && !isCheckbox && label && (
        // The mark sits beside the label, not in it, so the label's text is exactly the field's title.
        <div className="flex items-baseline">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          <RequiredMark required={required} />
        </div>
      )}
      {displayLabel && !isCheckbox && description}
      {children}
      {errors}
      {help}
    </div>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <p id={id} className="text-xs text-slate-500">
      {description}
    </p>
  );
}

export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <legend id={id} className="mb-1 text-sm font-medium text-slate-800">
      {title}
      <RequiredMark required={required} />
    </legend>
  );
}

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (!shown.length) return null;
  return (
    <ul id={errorId(fieldPathId)} className="space-y-0.5 text-xs font-medium text-rose-700">
      {shown.map((error, i) => (
        <li key={i}>{error}</li>
      ))}
    </ul>
  );
}

export function FieldHelpTemplate({ help }: FieldHelpProps) {
  if (!help) return null;
  return <p className="text-xs text-slate-500">{help}</p>;
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, registry, uiSchema, schema, required } = props;
  const options = getUiOptions(uiSchema);
  const Title = getTemplate('TitleFieldTemplate', registry, options);
  const Description = getTemplate('DescriptionFieldTemplate', registry, options);
  const isRoot = fieldPathId.path.length === 0;
  const body = <div className="space-y-4">{properties.map((p) => p.content)}</div>;
  if (isRoot) return body;
  return (
    <fieldset id={fieldPathId.$id} className="space-y-3 rounded-md border border-dashed border-slate-300 p-3">
      {title && <Title id={titleId(fieldPathId)} title={title} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />}
      {description && <Description id={descriptionId(fieldPathId)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />}
      {body}
    </fieldset>
  );
}

/** Errors are shown beside each field; the form's own summary comes from the caller. */
export function ErrorListTemplate() {
  return null;
}

/** The caller renders its own buttons (Accept, Run…) and submits through a ref. */
export function SubmitButton() {
  return null;
}
