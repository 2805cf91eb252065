import { z } from 'zod';
import { Limits, PASSWORD_PATTERN } from '../constants.ts';
import { Texts } from '../texts.ts';
import { ZOptionalToken, ZToken } from '../api.schema.ts';
import { isKnownTimeZone } from '../site/local-time.rules.ts';
import {
  AGD_NUMBER_PATTERN,
  EMAIL_PATTERN,
  isCertYearInRange,
  phoneMobileFlag,
  USERNAME_PATTERN,
} from './accounts.rules.ts';

/*
 * Requests and responses of accounts and sessions (01 §3, §5, §7). The registration and
 * profile schemas drive the browser forms (zodResolver) and validate the same bodies on the
 * server, so each rule and its message exists once.
 */

const TEXT_MAX = 100;
const LONG_TEXT_MAX = 200;
const EMAIL_MAX = 254;

/** Empty strings, null and undefined all mean "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
    ? undefined
    : value;

/** A required text: trimmed, at least `min` characters, one message for missing and short. */
function requiredText(message: string, min = 1, max = TEXT_MAX) {
  return z.string({ error: message }).trim().min(min, message).max(max, Texts.FIELD_TOO_LONG);
}

/** A required choice from a dropdown. */
const choice = (message: string) => requiredText(message);

const ZEmail = z
  .string({ error: Texts.EMAIL_REQUIRED })
  .trim()
  .min(1, Texts.EMAIL_REQUIRED)
  .max(EMAIL_MAX, Texts.EMAIL_INVALID)
  .regex(EMAIL_PATTERN, Texts.EMAIL_INVALID);

/** Optional home e-mail (profile): blank becomes null. */
const ZOptionalEmail = z.preprocess(
  blankToUndefined,
  z.string().trim().max(EMAIL_MAX, Texts.EMAIL_INVALID).regex(EMAIL_PATTERN, Texts.EMAIL_INVALID).optional(),
);

export const ZUsername = z
  .string({ error: Texts.USERNAME_REQUIRED })
  .trim()
  .min(1, Texts.USERNAME_REQUIRED)
  .min(Limits.USERNAME_MIN, Texts.USERNAME_MIN)
  .max(50, Texts.FIELD_TOO_LONG)
  .regex(USERNAME_PATTERN, Texts.USERNAME_CHARS);

/** A new password (01 §5). Not trimmed: what the member typed is what they must type again. */
export const ZNewPassword = z
  .string({ error: Texts.PASSWORD_REQUIRED })
  .min(1, Texts.PASSWORD_REQUIRED)
  .min(Limits.PASSWORD_MIN, Texts.PASSWORD_MIN)
  .max(100, Texts.FIELD_TOO_LONG)
  .regex(PASSWORD_PATTERN, Texts.PASSWORD_CHARS);

const ZRetypePassword = z.string({ error: Texts.PASSWORDS_MUST_MATCH });

const ZAgdNumber = z.preprocess(
  (v) => {
    const given = blankToUndefined(v);
    return typeof given === 'number' ? String(given) : typeof given === 'string' ? given.trim() : given;
  },
  z.string({ error: Texts.AGD_INVALID }).regex(AGD_NUMBER_PATTERN, Texts.AGD_INVALID).optional(),
);

const ZCertYear = z.preprocess(
  (v) => {
    const given = blankToUndefined(v);
    return typeof given === 'string' && /^\d+$/.test(given.trim()) ? Number(given) : given;
  },
  z
    .number({ error: Texts.SELECT_ONE })
    .int(Texts.SELECT_ONE)
    .refine((year) => isCertYearInRange(year), Texts.SELECT_ONE),
);

const ZGender = z.enum(['F', 'M', 'O'], { error: Texts.SELECT_ONE });

/**
 * The profile's time zone (docs/decisions/0831): an IANA name, or null (blank) for the zone of
 * whichever device the member uses. Left out, the stored one stays: a form built against the
 * spec does not send it.
 */
const ZProfileTimeZone = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .trim()
    .max(64, Texts.TIME_ZONE_INVALID)
    .refine(isKnownTimeZone, Texts.TIME_ZONE_INVALID)
    .nullable()
    .optional(),
);

/** The phone mobile checkbox: 'checked' / 'unchecked' or a boolean (01 §4). */
const ZPhoneMobile = z.preprocess((v) => phoneMobileFlag(v), z.boolean());

/** Fields the registration and profile forms share (01 §5). */
const profileFields = {
  jobTitle: choice(Texts.SELECT_POSITION),
  title: choice(Texts.SELECT_TITLE),
  firstname: requiredText(Texts.FIRSTNAME_MIN, Limits.NAME_MIN),
  lastname: requiredText(Texts.LASTNAME_MIN, Limits.NAME_MIN),
  officeName: requiredText(Texts.OFFICE_NAME_MIN, Limits.OFFICE_MIN, LONG_TEXT_MAX),
  address: requiredText(Texts.ADDRESS_MIN, Limits.ADDRESS_MIN, LONG_TEXT_MAX),
  city: requiredText(Texts.CITY_MIN, Limits.CITY_MIN),
  state: choice(Texts.SELECT_STATE),
  zip: requiredText(Texts.ZIP_MIN, Limits.ZIP_MIN, 20),
  country: choice(Texts.SELECT_COUNTRY),
  phone: requiredText(Texts.PHONE_MIN, Limits.PHONE_MIN, 30),
  isPhoneMobile: ZPhoneMobile,
  email: ZEmail,
  agdNumber: ZAgdNumber,
  certYear: ZCertYear,
  gender: ZGender,
  ageRange: choice(Texts.SELECT_ONE),
  officeSize: choice(Texts.SELECT_ONE),
};

/** The member's current password (docs/decisions/0921); blank means not given. */
const ZCurrentPassword = z.preprocess(
  blankToUndefined,
  z.string().max(200, Texts.CURRENT_PASSWORD_WRONG).optional(),
);

/**
 * A second-factor code (docs/decisions/0920): 6 digits from an authenticator app, or a recovery
 * code (letters and digits, dashes and spaces ignored); blank means not given.
 */
export const ZSecondFactorCode = z
  .string({ error: Texts.TWO_FACTOR_CODE_WRONG })
  .max(64, Texts.TWO_FACTOR_CODE_WRONG)
  .optional()
  .transform((v) => v?.replace(/[\s-]/g, '').toLowerCase() || undefined)
  .refine((v) => v === undefined || /^[a-z0-9]{1,32}$/.test(v), Texts.TWO_FACTOR_CODE_WRONG);

/** The retype must match; checked even while other fields still have errors. */
function passwordsMatch<T extends z.ZodType<{ password?: string; password2?: string }>>(schema: T) {
  return schema.refine((d) => !d.password || d.password === d.password2, {
    path: ['password2'],
    message: Texts.PASSWORDS_MUST_MATCH,
    when: (payload) => {
      const v = payload.value as { password?: unknown; password2?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v?.password2 === 'string';
    },
  });
}

/** POST /api/register: the whole form (01 §5, §7). s is ignored (null on registration). */
export const ZRegisterRequest = passwordsMatch(
  z.object({
    s: ZOptionalToken.nullable(),
    ...profileFields,
    sourceHeard: requiredText(Texts.REQUIRED_FIELD),
    username: ZUsername,
    password: ZNewPassword,
    password2: ZRetypePassword,
  }),
);
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;
export type TRegisterForm = z.input<typeof ZRegisterRequest>;

/**
 * POST /api/profile: the whole student form, plus password and its retype when changing it
 * (01 §7). Username and sourceHeard are registration-only.
 */
export const ZProfileRequest = passwordsMatch(
  z.object({
    s: ZOptionalToken,
    ...profileFields,
    email2: ZOptionalEmail,
    timeZone: ZProfileTimeZone,
    /** CE deadline reminders (issue 23), beside the spec's fields; left out, the stored choice stays. */
    ceReminders: z.boolean().optional(),
    /** Webinar reminder mails (issue 36), beside the spec's fields; left out, the stored choice stays. */
    webinarReminders: z.boolean().optional(),
    password: z.preprocess(blankToUndefined, ZNewPassword.optional()),
    password2: z.preprocess(blankToUndefined, ZRetypePassword.optional()),
    /** Beside the spec's fields (docs/decisions/0921): needed to change the e-mail or the password. */
    currentPassword: ZCurrentPassword,
    /** The authenticator or recovery code, with currentPassword, when two-factor sign-in is on. */
    code: ZSecondFactorCode,
  }),
);
export type TProfileRequest = z.infer<typeof ZProfileRequest>;
export type TProfileForm = z.input<typeof ZProfileRequest>;

/** The Password tab's own form (its values are posted with the profile). */
export const ZPasswordChange = passwordsMatch(
  z.object({
    currentPassword: z
      .string({ error: Texts.CURRENT_PASSWORD_REQUIRED })
      .min(1, Texts.CURRENT_PASSWORD_REQUIRED)
      .max(200, Texts.CURRENT_PASSWORD_WRONG),
    password: ZNewPassword,
    password2: ZRetypePassword,
    code: ZSecondFactorCode,
  }),
);
export type TPasswordChange = z.infer<typeof ZPasswordChange>;
export type TPasswordChangeForm = z.input<typeof ZPasswordChange>;

/** POST /api/login (01 §7): u is the username or the account e-mail (03 §3). */
export const ZLoginRequest = z.object({
  u: z
    .string({ error: Texts.LOGIN_REQUIRED_FIELDS })
    .trim()
    .min(1, Texts.LOGIN_REQUIRED_FIELDS)
    .max(EMAIL_MAX, Texts.LOGIN_FAILED),
  p: z
    .string({ error: Texts.LOGIN_REQUIRED_FIELDS })
    .min(1, Texts.LOGIN_REQUIRED_FIELDS)
    .max(200, Texts.LOGIN_FAILED),
  /** Beside the spec's u and p: the second factor, for an account that has one (0920). */
  code: ZSecondFactorCode,
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export type TLoginForm = z.input<typeof ZLoginRequest>;

/** The login answer (01 §3): token is the session token the browser keeps as id_token. */
export const ZLoginResponse = z.object({
  status: z.literal(true),
  hash: z.string(),
  token: z.string(),
  title: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** The member's profile zone (0831), beside the spec's fields. */
  timeZone: z.string().nullable(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** POST /api/logout: revokes the session the request carries. */
export const ZLogoutRequest = z.object({ s: ZOptionalToken });

/** POST /api/reset-password-request (01 §7): a username (u) or an account e-mail (m). */
export const ZResetPasswordRequest = z
  .object({
    u: z.preprocess(blankToUndefined, z.string().trim().max(EMAIL_MAX, Texts.FIELD_TOO_LONG).optional()),
    m: z.preprocess(blankToUndefined, z.string().trim().max(EMAIL_MAX, Texts.FIELD_TOO_LONG).optional()),
  })
  .refine((d) => Boolean(d.u || d.m), { path: ['u'], message: Texts.RECOVER_REQUIRED });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
export type TResetPasswordRequestForm = z.input<typeof ZResetPasswordRequest>;

export const ZResetPasswordRequestResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  data: z.array(z.object({ status: z.boolean(), msg: z.string() })),
});

/** POST /api/reset-password (01 §7): the new password and the token of the link. */
export const ZResetPassword = z.object({
  p: ZNewPassword,
  t: z.string({ error: Texts.RESET_LINK_INVALID }).trim().min(20, Texts.RESET_LINK_INVALID).max(200),
});
export type TResetPassword = z.infer<typeof ZResetPassword>;

/** The reset page's form: the password twice. */
export const ZResetPasswordForm = passwordsMatch(
  z.object({ password: ZNewPassword, password2: ZRetypePassword }),
);
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** GET /api/validate-username, validate-email, validate-agd-number (01 §7). */
export const ZValidateUsernameQuery = z.object({ s: ZOptionalToken, u: z.string().trim().max(200) });
export const ZValidateEmailQuery = z.object({
  s: ZOptionalToken,
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX + 10),
});
export const ZValidateAgdQuery = z.object({ s: ZOptionalToken, agdNumber: z.string().trim().max(40) });
/** status true: the value is valid and free to use; otherwise msg says why not. */
export const ZValidateResponse = z.object({ status: z.boolean(), msg: z.string().optional() });
export type TValidateResponse = z.infer<typeof ZValidateResponse>;

/** A member as the login, student and profile calls return them (01 §3); never the password. */
export const ZStudent = z.object({
  status: z.boolean(),
  hash: z.string(),
  username: z.string(),
  title: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  email2: z.string(),
  /** The home e-mail was confirmed by its link (docs/decisions/0931); false when there is none. */
  email2Verified: z.boolean().optional(),
  jobTitle: z.string(),
  officeName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  phone: z.string(),
  isPhoneMobile: z.boolean(),
  agdNumber: z.string(),
  certYear: z.number().int().nullable(),
  gender: z.string(),
  ageRange: z.string(),
  officeSize: z.string(),
  /** The profile's zone (0831), beside the spec's fields; null: the device's own. */
  timeZone: z.string().nullable(),
  /** Whether CE deadline reminders are mailed (issue 23), beside the spec's fields. */
  ceReminders: z.boolean(),
  /** Whether reminders before reserved webinars are mailed (issue 36), beside the spec's fields. */
  webinarReminders: z.boolean(),
});
export type TStudent = z.infer<typeof ZStudent>;

/** POST /api/register answer (01 §7): the student, and the session token (03 §3). */
export const ZRegisterResponse = z.object({
  status: z.literal(true),
  student: z.object({
    status: z.boolean(),
    hash: z.string(),
    title: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
  }),
  hash: z.string(),
  token: z.string(),
  errorMsg: z.string(),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

/** GET /api/student and GET /api/profile take s (01 §7). */
export const ZTokenQuery = z.object({ s: ZOptionalToken });

/**
 * GET /api/student answer: the student; when s was a signed login-link token (03 §3), also a
 * new session token.
 */
export const ZStudentResponse = z.object({
  status: z.literal(true),
  student: ZStudent,
  token: z.string().optional(),
});
export type TStudentResponse = z.infer<typeof ZStudentResponse>;

export const ZAccountItem = z.object({ value: z.string(), label: z.string() });
export type TAccountItem = z.infer<typeof ZAccountItem>;

/** GET /api/account-items (01 §3): the dropdown lists of the forms. */
export const ZAccountItemsResponse = z.object({
  status: z.boolean(),
  jobTitles: z.array(ZAccountItem),
  titles: z.array(ZAccountItem),
  states: z.array(ZAccountItem),
  countries: z.array(ZAccountItem),
  ageRanges: z.array(ZAccountItem),
  officeSizes: z.array(ZAccountItem),
  sourceHeard: z.array(ZAccountItem),
});
export type TAccountItemsResponse = z.infer<typeof ZAccountItemsResponse>;
export const ACCOUNT_ITEM_LISTS = [
  'jobTitles',
  'titles',
  'states',
  'countries',
  'ageRanges',
  'officeSizes',
  'sourceHeard',
] as const;
export type TAccountItemList = (typeof ACCOUNT_ITEM_LISTS)[number];

/** GET /api/account-home (01 §3 Account summary), plus whether to show the AGD reminder. */
export const ZAccountHomeResponse = z.object({
  status: z.boolean(),
  ceHome: z.number(),
  ceLive: z.number(),
  ceTotal: z.number(),
  showAgdReminder: z.boolean(),
});
export type TAccountHomeResponse = z.infer<typeof ZAccountHomeResponse>;

/** A plain answer with a text to show. */
export const ZStatusMessage = z.object({ status: z.boolean(), msg: z.string().optional() });
export type TStatusMessage = z.infer<typeof ZStatusMessage>;

/** POST /api/remove-consent (01 §7): h is the member's token. */
export const ZRemoveConsentRequest = z.object({ h: ZToken.min(1, Texts.NOT_SIGNED_IN), s: ZOptionalToken });

/** The GDPR page's form: the checkbox must be checked (01 §5). */
export const ZGdprForm = z.object({
  confirm: z.literal(true, { error: Texts.GDPR_CHECKBOX }),
});
export type TGdprForm = z.input<typeof ZGdprForm>;

/** POST /api/remove-consent-confirm: the token of the confirmation link. */
export const ZRemoveConsentConfirmRequest = z.object({
  t: z.string({ error: Texts.GDPR_LINK_INVALID }).trim().min(20, Texts.GDPR_LINK_INVALID).max(200),
});

/** GET /api/my-data: everything kept about the member (03 §3), as JSON. */
export const ZMyDataResponse = z.object({
  status: z.literal(true),
  exportedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type TMyDataResponse = z.infer<typeof ZMyDataResponse>;
