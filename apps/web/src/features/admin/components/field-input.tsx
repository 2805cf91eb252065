import { fromLocalDateTimeInput, toLocalDateTimeInput, type TAdminField } from '@opence/shared/schemas';
import { lazy, Suspense, type ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldErrors,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { useEntityOptions } from '../api/entities.ts';
import {
  CheckboxField,
  DateField,
  describedBy,
  Field,
  fieldId,
  fieldIds,
  messageOf,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/field.tsx';
import { MediaInput, UploadButton } from './media-input.tsx';

/** The rich-text editor (Tiptap) is fetched only when a form has an HTML field (0909). */
const RichTextEditor = lazy(() => import('./rich-text/rich-text-editor.tsx'));

/*
 * One field of a schema-driven form, drawn by its kind (admin.fields.ts): every control has a
 * label, and its hint and error are tied to it with aria-describedby.
 */

type TProps = {
  field: TAdminField;
  control: Control<FieldValues>;
  register: UseFormRegister<FieldValues>;
  errors: FieldErrors<FieldValues>;
  /** Shown but not changed (the code of a text block on edit). */
  isReadOnly?: boolean;
};

const asList = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** What each list-like control of a field takes. */
type TControlProps = { field: TAdminField; control: Control<FieldValues>; error?: string | undefined };

function RefSelect({ field, control, error }: TControlProps) {
  const options = useEntityOptions(field.ref);
  const ids = fieldIds(fieldId(field.name));
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f }) => (
        <select
          id={ids.id}
          ref={f.ref}
          value={(f.value as string | null) ?? ''}
          onChange={(e) => f.onChange(e.target.value || null)}
          onBlur={f.onBlur}
          aria-busy={options.isPending || undefined}
          {...describedBy(ids.id, field.hint, error)}
        >
          <option value="">{field.required ? 'Choose…' : 'None'}</option>
          {(options.data ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** One checkbox per option: the field's value is the list of the options ticked. */
function CheckboxGroup({
  field,
  control,
  error,
  options,
}: TControlProps & { options: readonly { value: string; label: string }[] | null }) {
  const ids = fieldIds(fieldId(field.name));
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f }) => {
        const chosen = asList<string>(f.value);
        const toggle = (value: string, on: boolean) =>
          f.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
        return (
          <div
            className="check-group"
            role="group"
            aria-labelledby={ids.label}
            {...describedBy(ids.id, field.hint, error)}
          >
            {options?.length === 0 && <span className="field-hint">None yet.</span>}
            {(options ?? []).map((o, i) => (
              <label key={o.value} className="check">
                <input
                  ref={i === 0 ? f.ref : undefined}
                  type="checkbox"
                  checked={chosen.includes(o.value)}
                  onChange={(e) => toggle(o.value, e.target.checked)}
                />
                {o.label}
              </label>
            ))}
          </div>
        );
      }}
    />
  );
}

function RefCheckboxes(props: TControlProps) {
  const options = useEntityOptions(props.field.ref);
  return <CheckboxGroup {...props} options={options.data ?? null} />;
}

/** Several of a field's fixed options (topic tags), as checkboxes. */
function TagCheckboxes(props: TControlProps) {
  const options = (props.field.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  return <CheckboxGroup {...props} options={options} />;
}

function MediaList({ field, control, error }: TControlProps) {
  const ids = fieldIds(fieldId(field.name));
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f }) => {
        const urls = asList<string>(f.value);
        return (
          <div
            className="media-list"
            role="group"
            aria-labelledby={ids.label}
            {...describedBy(ids.id, field.hint, error)}
          >
            {urls.map((url, i) => (
              <div key={`${url}-${i}`} className="media-list-item">
                {field.upload === 'image' && (
                  <img className="media-preview" src={url} alt={`${field.label} ${i + 1}`} />
                )}
                <span className="media-list-url">{url}</span>
                <Button variant="link" onClick={() => f.onChange(urls.filter((_, n) => n !== i))}>
                  Remove image {i + 1}
                </Button>
              </div>
            ))}
            {urls.length < (field.max ?? 4) && (
              <UploadButton
                kind={field.upload ?? 'image'}
                label="Add an image"
                onUploaded={(url) => f.onChange([...urls, url])}
              />
            )}
          </div>
        );
      }}
    />
  );
}

function Links({
  field,
  control,
  errors,
}: {
  field: TAdminField;
  control: Control<FieldValues>;
  errors: FieldErrors<FieldValues>;
}) {
  const ids = fieldIds(fieldId(field.name));
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f }) => {
        const links = asList<{ label: string; url: string }>(f.value);
        const change = (i: number, part: 'label' | 'url', value: string) =>
          f.onChange(links.map((l, n) => (n === i ? { ...l, [part]: value } : l)));
        return (
          <div className="links-editor" role="group" aria-labelledby={ids.label}>
            {links.map((link, i) => {
              const rowError = messageOf(errors, `${field.name}.${i}`);
              const rowIds = fieldIds(fieldId(`${field.name}.${i}`));
              return (
                <div key={i} className="links-row">
                  <label htmlFor={`${rowIds.id}-label`}>Label {i + 1}</label>
                  <input
                    id={`${rowIds.id}-label`}
                    value={link.label}
                    onChange={(e) => change(i, 'label', e.target.value)}
                    aria-invalid={rowError ? true : undefined}
                    aria-describedby={rowError ? rowIds.error : undefined}
                  />
                  <label htmlFor={`${rowIds.id}-url`}>Address {i + 1}</label>
                  <input
                    id={`${rowIds.id}-url`}
                    type="url"
                    value={link.url}
                    onChange={(e) => change(i, 'url', e.target.value)}
                    aria-invalid={rowError ? true : undefined}
                    aria-describedby={rowError ? rowIds.error : undefined}
                  />
                  <Button variant="link" onClick={() => f.onChange(links.filter((_, n) => n !== i))}>
                    Remove link {i + 1}
                  </Button>
                  {rowError && (
                    <span id={rowIds.error} className="field-error">
                      {rowError}
                    </span>
                  )}
                </div>
              );
            })}
            <Button
              variant="secondary"
              onClick={() => f.onChange([...links, { label: '', url: 'https://' }])}
            >
              Add a link
            </Button>
          </div>
        );
      }}
    />
  );
}

export function FieldInput({ field, control, register, errors, isReadOnly }: TProps) {
  const error = messageOf(errors, field.name);
  const ids = fieldIds(fieldId(field.name));
  const aria = describedBy(ids.id, field.hint, error);
  const common = { id: ids.id, label: field.label, hint: field.hint, error };
  const frame = (children: ReactNode, isLabelFor = true) => (
    <Field {...common} isLabelFor={isLabelFor}>
      {children}
    </Field>
  );

  switch (field.kind) {
    case 'checkbox':
      return <CheckboxField {...common} registration={register(field.name)} />;
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          rows={field.max && field.max > 5000 ? 10 : 4}
          registration={register(field.name)}
        />
      );
    case 'integer':
    case 'number':
      return (
        <TextField
          {...common}
          type="number"
          inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
          step={field.kind === 'integer' ? 1 : 'any'}
          min={field.min}
          max={field.max}
          registration={register(field.name)}
        />
      );
    case 'select':
      return (
        <SelectField
          {...common}
          placeholder="Choose…"
          options={(field.options ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
          registration={register(field.name)}
        />
      );
    case 'ref':
      return frame(<RefSelect field={field} control={control} error={error} />);
    case 'refs':
      return frame(<RefCheckboxes field={field} control={control} error={error} />, false);
    case 'tags':
      return frame(<TagCheckboxes field={field} control={control} error={error} />, false);
    case 'datetime':
      return frame(
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <input
              id={ids.id}
              ref={f.ref}
              type="datetime-local"
              value={toLocalDateTimeInput(f.value as string | null)}
              onChange={(e) => f.onChange(fromLocalDateTimeInput(e.target.value))}
              onBlur={f.onBlur}
              {...aria}
            />
          )}
        />,
      );
    case 'date':
      return <DateField {...common} registration={register(field.name)} />;
    case 'html':
      return frame(
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <Suspense fallback={<div className="rte rte-loading">Loading the editor…</div>}>
              <RichTextEditor
                id={ids.id}
                labelId={ids.label}
                value={(f.value as string | null) ?? ''}
                onChange={f.onChange}
                onBlur={f.onBlur}
                inputRef={f.ref}
                describedBy={aria}
              />
            </Suspense>
          )}
        />,
        false,
      );
    case 'media':
      return frame(
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <MediaInput
              id={ids.id}
              kind={field.upload ?? 'image'}
              label={field.label}
              value={(f.value as string | null) ?? ''}
              onChange={f.onChange}
              onBlur={f.onBlur}
              inputRef={f.ref}
              describedBy={aria}
            />
          )}
        />,
      );
    case 'mediaList':
      return frame(<MediaList field={field} control={control} error={error} />, false);
    case 'links':
      return frame(<Links field={field} control={control} errors={errors} />, false);
    default:
      return (
        <TextField
          {...common}
          type={field.kind === 'url' ? 'url' : field.kind === 'email' ? 'email' : 'text'}
          readOnly={isReadOnly}
          registration={register(field.name)}
        />
      );
  }
}
