import { z } from 'zod';
import { ZOptionalToken } from '../api.schema.ts';
import { EMAIL_PATTERN } from '../accounts/accounts.rules.ts';
import { Limits, SUPPORT_TOPICS } from '../constants.ts';
import { Texts } from '../texts.ts';

/*
 * The support form (01 §2, §5): one schema for the browser form and POST /api/support. Each
 * field has one message for every way it can be wrong, as the spec gives it.
 */

/** A required, trimmed text of at least `min` characters with one message. */
const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);

/** One of the topics of the form's dropdown (01 §2). */
const isSupportTopic = (value: string) => (SUPPORT_TOPICS as readonly string[]).includes(value);

export const ZSupportForm = z.object({
  name: text(Texts.SUPPORT_NAME, Limits.SUPPORT_NAME_MIN, 100),
  office: text(Texts.SUPPORT_OFFICE, Limits.SUPPORT_OFFICE_MIN, 200),
  email: text(Texts.SUPPORT_EMAIL, 1, 254).regex(EMAIL_PATTERN, Texts.SUPPORT_EMAIL),
  phone: text(Texts.SUPPORT_PHONE, Limits.PHONE_MIN, 30),
  subject: z.string({ error: Texts.SUPPORT_SUBJECT }).refine(isSupportTopic, Texts.SUPPORT_SUBJECT),
  comment: text(Texts.SUPPORT_COMMENT, Limits.SUPPORT_COMMENT_MIN, Limits.SUPPORT_COMMENT_MAX),
});
export type TSupportForm = z.infer<typeof ZSupportForm>;

/** POST /api/support: the form, with the member's token as hash (01 §3) or s. */
export const ZSupportRequest = ZSupportForm.extend({ hash: ZOptionalToken, s: ZOptionalToken });
export type TSupportRequest = z.infer<typeof ZSupportRequest>;

export const ZSupportResponse = z.object({ status: z.boolean() });
