import { z } from 'zod';
import { ZOptionalToken } from '../api.schema.ts';
import { ZSecondFactorCode } from './accounts.schema.ts';
import { Texts } from '../texts.ts';

/*
 * Two-factor sign-in (issue 28, docs/decisions/0920): TOTP (RFC 6238) with recovery codes.
 * Required for staff before the console opens; members may turn it on on the Password tab.
 */

/** GET /api/two-factor: whether it is on, and how many recovery codes are left. */
export const ZTwoFactorStatus = z.object({
  status: z.literal(true),
  enabled: z.boolean(),
  /** Staff must have it on; they cannot turn it off. */
  required: z.boolean(),
  /** Whether this session passed the second factor. */
  sessionVerified: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /api/two-factor/setup: the current password, before a new secret is made. */
export const ZTwoFactorSetupRequest = z.object({
  s: ZOptionalToken,
  currentPassword: z
    .string({ error: Texts.CURRENT_PASSWORD_REQUIRED })
    .min(1, Texts.CURRENT_PASSWORD_REQUIRED)
    .max(200, Texts.CURRENT_PASSWORD_WRONG),
});
export type TTwoFactorSetupRequest = z.infer<typeof ZTwoFactorSetupRequest>;

/** The secret to type in, the otpauth:// URI and its QR code as an SVG data URL. */
export const ZTwoFactorSetupResponse = z.object({
  status: z.literal(true),
  secret: z.string(),
  uri: z.string(),
  qrCode: z.string(),
});
export type TTwoFactorSetupResponse = z.infer<typeof ZTwoFactorSetupResponse>;

/** POST /api/two-factor/confirm: the first code from the app turns it on. */
export const ZTwoFactorConfirmRequest = z.object({
  s: ZOptionalToken,
  code: z
    .string({ error: Texts.TWO_FACTOR_CODE_NEEDED })
    .trim()
    .min(1, Texts.TWO_FACTOR_CODE_NEEDED)
    .max(32, Texts.TWO_FACTOR_CODE_WRONG),
});
export type TTwoFactorConfirmRequest = z.infer<typeof ZTwoFactorConfirmRequest>;

/** The recovery codes, shown this once: only their hashes are kept. */
export const ZTwoFactorConfirmResponse = z.object({
  status: z.literal(true),
  msg: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TTwoFactorConfirmResponse = z.infer<typeof ZTwoFactorConfirmResponse>;

/** POST /api/two-factor/disable (members only): the current password and a code. */
export const ZTwoFactorDisableRequest = z.object({
  s: ZOptionalToken,
  currentPassword: ZTwoFactorSetupRequest.shape.currentPassword,
  code: z
    .string({ error: Texts.TWO_FACTOR_CODE_NEEDED })
    .trim()
    .min(1, Texts.TWO_FACTOR_CODE_NEEDED)
    .max(32, Texts.TWO_FACTOR_CODE_WRONG),
});
export type TTwoFactorDisableRequest = z.infer<typeof ZTwoFactorDisableRequest>;

/**
 * POST /api/two-factor/recovery-codes: ten new recovery codes in place of the old ones, with the
 * current password and a code (answered like the confirmation: the codes, this once).
 */
export const ZTwoFactorRecoveryCodesRequest = ZTwoFactorDisableRequest;
export type TTwoFactorRecoveryCodesRequest = z.infer<typeof ZTwoFactorRecoveryCodesRequest>;

/** POST /api/confirm-email: the token of the link mailed to the new address (0921). */
export const ZConfirmEmailRequest = z.object({
  t: z
    .string({ error: Texts.EMAIL_CHANGE_LINK_INVALID })
    .trim()
    .min(20, Texts.EMAIL_CHANGE_LINK_INVALID)
    .max(200),
});
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;

/**
 * POST /api/login-link (docs/decisions/0930): a mailed login link's token, exchanged once for a
 * session; with two-factor sign-in on, with the code.
 */
export const ZLoginLinkRequest = z.object({
  t: z
    .string({ error: Texts.LOGIN_LINK_INVALID })
    .trim()
    .min(20, Texts.LOGIN_LINK_INVALID)
    .max(450, Texts.LOGIN_LINK_INVALID),
  code: ZSecondFactorCode,
});
export type TLoginLinkRequest = z.input<typeof ZLoginLinkRequest>;
