import type { TAdminEntity, TAdminEntityKey, TAdminOption } from './admin.fields.ts';
import { COURSE_ENTITIES } from './admin.courses.entities.ts';
import { PUBLISHING_ENTITIES } from './admin.publishing.entities.ts';
import { REFERENCE_ENTITIES } from './admin.reference.entities.ts';

export { CE_TYPE_OPTIONS, CLASS_TYPE_OPTIONS } from './admin.courses.entities.ts';
export { AD_SLOT_OPTIONS } from './admin.publishing.entities.ts';

/*
 * One definition per authored table (01 §3, 02 §3, 03 §10): the staff console's lists and
 * forms, and the server's validation, are all drawn from these.
 */

export const ADMIN_ENTITIES: readonly TAdminEntity[] = [
  ...COURSE_ENTITIES,
  ...PUBLISHING_ENTITIES,
  ...REFERENCE_ENTITIES,
];

/** The definition of an entity by its key. */
export function adminEntity(key: TAdminEntityKey): TAdminEntity {
  const entity = ADMIN_ENTITIES.find((e) => e.key === key);
  if (!entity) throw new Error(`Unknown admin entity: ${key}`);
  return entity;
}

/** The label of a select option, or the value itself. */
export function optionLabel(options: readonly TAdminOption[] | undefined, value: unknown): string {
  return options?.find((o) => String(o.value) === String(value))?.label ?? String(value ?? '');
}
