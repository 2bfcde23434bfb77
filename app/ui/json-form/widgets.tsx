import { useCallback, type ChangeEvent } from 'react';
import {
  ariaDescribedByIds,
  descriptionId,
  enumOptionsDeselectValue,
  enumOptionsIsSelected,
  enumOptionsSelectValue,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getInputProps,
  getOptionValueFormat,
  optionId,
  type BaseInputTemplateProps,
  type WidgetProps,
} from '@rjsf/utils';
import { cn } from '../cn';
import { RequiredMark } from './templates';

const INPUT =
  'block w-full rounded-md border-0 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-500 disabled:bg-slate-50 disabled:text-slate-500';
const INVALID = 'ring-rose-400 focus:ring-rose-500';

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    onChangeOverride,
    options,
    schema,
    type,
    rawErrors,
    required,
    placeholder,
  } = props;
  const inputProps = getInputProps(schema, type, options);
  const inputValue = inputProps.type === 'number' || inputProps.type === 'integer' ? (value || value === 0 ? value : '') : (value ?? '');
  const handleChange = useCallback(
    ({ target: { value: next } }: ChangeEvent<HTMLInputElement>) => onChange(next === '' ? options.emptyValue : next),
    [onChange, options],
  );
  return (
    <input
      id={id}
      name={htmlName || id}
      className={cn(INPUT, rawErrors?.length && INVALID)}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder}
      value={inputValue}
      aria-required={required || undefined}
      aria-invalid={rawErrors?.length ? true : undefined}
      {...inputProps}
      onChange={onChangeOverride || handleChange}
      onBlur={({ target }) => onBlur(id, target.value)}
      onFocus={({ target }) => onFocus(id, target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}

export function TextareaWidget({ id, htmlName, value, disabled, readonly, onChange, onBlur, onFocus, options, rawErrors, required }: WidgetProps) {
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className={cn(INPUT, 'font-mono', rawErrors?.length && INVALID)}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      value={value ?? ''}
      disabled={disabled}
      readOnly={readonly}
      aria-required={required || undefined}
      onChange={({ target }) => onChange(target.value === '' ? options.emptyValue : target.value)}
      onBlur={({ target }) => onBlur(id, target.value)}
      onFocus={({ target }) => onFocus(id, target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}

export function SelectWidget({
  schema,
  id,
  options,
  value,
  required,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
  htmlName,
  rawErrors,
  placeholder,
}: WidgetProps) {
  const { enumOptions, enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (v: string) => enumOptionValueDecoder(v, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '');
  return (
    <select
      id={id}
      name={htmlName || id}
      className={cn(INPUT, 'pr-8', rawErrors?.length && INVALID)}
      value={typeof selected === 'string' ? selected : ''}
      aria-required={required || undefined}
      disabled={disabled || readonly}
      onChange={({ target }) => onChange(decode(target.value))}
      onBlur={({ target }) => onBlur(id, decode(target.value))}
      onFocus={({ target }) => onFocus(id, decode(target.value))}
      aria-describedby={ariaDescribedByIds(id)}
    >
      {(schema.default === undefined || !required) && <option value="">{placeholder || '— choose —'}</option>}
      {enumOptions?.map(({ value: optionValue, label }, i) => (
        <option key={String(optionValue)} value={enumOptionValueEncoder(optionValue, i, format)} disabled={enumDisabled?.includes(optionValue)}>
          {label}
        </option>
      ))}
    </select>
  );
}

export function CheckboxWidget({
  schema,
  id,
  value,
  disabled,
  readonly,
  label,
  hideLabel,
  onChange,
  onBlur,
  onFocus,
  required,
  options,
  htmlName,
}: WidgetProps) {
  const description = options.description ?? schema.description;
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          id={id}
          name={htmlName || id}
          className="size-4 rounded border-slate-300 accent-indigo-600"
          checked={value === true}
          disabled={disabled || readonly}
          onChange={({ target }) => onChange(target.checked)}
          onBlur={({ target }) => onBlur(id, target.checked)}
          onFocus={({ target }) => onFocus(id, target.checked)}
          aria-describedby={ariaDescribedByIds(id)}
          aria-required={required || undefined}
        />
        {!hideLabel && (
          <span>
            <label htmlFor={id}>{label}</label>
            <RequiredMark required={required} />
          </span>
        )}
      </div>
      {!hideLabel && description && (
        <p id={descriptionId(id)} className="pl-6 text-xs text-slate-500">
          {String(description)}
        </p>
      )}
    </div>
  );
}

/** Multi-select arrays: a labelled group of checkboxes, one per option. */
export function CheckboxesWidget({
  id,
  disabled,
  options,
  value,
  readonly,
  onChange,
  onBlur,
  onFocus,
  htmlName,
  label,
  required,
  schema,
  rawErrors,
}: WidgetProps) {
  const { enumOptions, enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const values: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const description = options.description ?? schema.description;
  const limits = [
    typeof schema.minItems === 'number' && `at least ${schema.minItems}`,
    typeof schema.maxItems === 'number' && `at most ${schema.maxItems}`,
  ].filter(Boolean);
  return (
    <fieldset id={id} aria-describedby={ariaDescribedByIds(id)} aria-invalid={rawErrors?.length ? true : undefined} className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">
        {label}
        <RequiredMark required={required} />
      </legend>
      {(description || limits.length > 0) && (
        <p id={descriptionId(id)} className="text-xs text-slate-500">
          {description ? String(description) : ''}
          {description && limits.length ? ' · ' : ''}
          {limits.length ? `Pick ${limits.join(' and ')}.` : ''}
        </p>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {enumOptions?.map((option, index) => {
          const checked = enumOptionsIsSelected(option.value, values as never);
          return (
            <label key={String(option.value)} className="flex items-center gap-1.5 text-sm text-slate-800">
              <input
                type="checkbox"
                id={optionId(id, index)}
                name={htmlName || id}
                className="size-4 accent-indigo-600"
                checked={checked}
                value={enumOptionValueEncoder(option.value, index, format)}
                disabled={disabled || readonly || enumDisabled?.includes(option.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? enumOptionsSelectValue(index, values as never, enumOptions)
                      : enumOptionsDeselectValue(index, values as never, enumOptions),
                  )
                }
                onBlur={({ target }) => onBlur(id, enumOptionValueDecoder(target.value, enumOptions, format, emptyValue))}
                onFocus={({ target }) => onFocus(id, enumOptionValueDecoder(target.value, enumOptions, format, emptyValue))}
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
