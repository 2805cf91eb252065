import { isKnownTimeZone } from '@opence/shared';
import type { TAccountItemsResponse, TStudent } from '@opence/shared/schemas';
import { ACCOUNT_ITEM_LISTS } from '@opence/shared/schemas';
import type { TMember } from '../../db/types.ts';

/**
 * A member row as the spec's Student (01 §3): camelCase names, empty text for what is not given;
 * webinarReminders: whether the member has not turned webinar reminders off (reminder_optouts).
 */
export function presentStudent(m: TMember, webinarReminders: boolean): TStudent {
  return {
    status: true,
    hash: m.hash,
    username: m.username,
    title: m.title ?? '',
    firstname: m.firstname ?? '',
    lastname: m.lastname ?? '',
    email: m.email,
    email2: m.email2 ?? '',
    email2Verified: Boolean(m.email2 && m.email2_verified_at),
    jobTitle: m.job_title ?? '',
    officeName: m.office_name ?? '',
    address: m.address ?? '',
    city: m.city ?? '',
    state: m.state ?? '',
    zip: m.zip ?? '',
    country: m.country || 'US',
    phone: m.phone ?? '',
    isPhoneMobile: Boolean(m.is_phone_mobile),
    agdNumber: m.agd_number ?? '',
    certYear: m.cert_year ?? null,
    gender: m.gender ?? '',
    ageRange: m.age_range ?? '',
    officeSize: m.office_size ?? '',
    timeZone: profileTimeZone(m),
    ceReminders: m.ce_reminders !== 0,
    webinarReminders,
  };
}

/** The member's profile zone (docs/decisions/0831), or null: the zone of the device they use. */
export function profileTimeZone(m: Pick<TMember, 'time_zone'>): string | null {
  return m.time_zone && isKnownTimeZone(m.time_zone) ? m.time_zone : null;
}

/** The short student of the login and register answers (01 §3, §7). */
export function presentLoginStudent(m: TMember) {
  return {
    hash: m.hash,
    title: m.title ?? '',
    firstname: m.firstname ?? '',
    lastname: m.lastname ?? '',
    email: m.email,
  };
}

/** account_items rows grouped into the seven lists of 01 §3. */
export function presentAccountItems(
  rows: { list: string; value: string; label: string }[],
): TAccountItemsResponse {
  const lists = Object.fromEntries(
    ACCOUNT_ITEM_LISTS.map((name) => [name, [] as { value: string; label: string }[]]),
  );
  for (const row of rows) lists[row.list]?.push({ value: row.value, label: row.label });
  return { status: true, ...(lists as Omit<TAccountItemsResponse, 'status'>) };
}
