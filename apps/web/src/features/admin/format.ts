import { optionLabel, type TAdminField } from '@opence/shared/schemas';
import { formatDateTime } from '../../lib/dates.ts';

/** A field's value as a list cell shows it: labels for choices, local dates, Yes/No. */
export function displayValue(field: TAdminField | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field?.kind) {
    case 'checkbox':
      return value ? 'Yes' : 'No';
    case 'select':
      return optionLabel(field.options, value);
    case 'datetime':
      return formatDateTime(String(value));
    case 'refs':
    case 'tags':
    case 'mediaList':
      return Array.isArray(value) ? String(value.length) : '—';
    default:
      return String(value);
  }
}
