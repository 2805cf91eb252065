import { z } from 'zod';
import { ZOptionalToken } from '../api.schema.ts';
import { CAPTION_LANG_PATTERN, MEDIA_KEY_PATTERN, PLAYER_SPEEDS, POSITIONS_MAX_KEYS } from './media.rules.ts';

/*
 * Media everyone can use (issue 26): saved positions and player preferences (a member's own),
 * the captions and transcript of a medium (public), and the staff uploads of them.
 */

/** A medium: "kind:hash" (podcast, class, drilldown, sponsor-video). */
export const ZMediaKey = z.string().trim().regex(MEDIA_KEY_PATTERN, 'Must be a media key like podcast:abc.');
const ZSeconds = z
  .number()
  .finite()
  .min(0)
  .max(7 * 24 * 3600);

/** GET /api/media-positions: m is up to 100 media keys, comma-separated. */
export const ZMediaPositionsQuery = z.object({
  m: z
    .string()
    .trim()
    .max(POSITIONS_MAX_KEYS * 80)
    .transform((v) => (v === '' ? [] : v.split(',')))
    .pipe(z.array(ZMediaKey).max(POSITIONS_MAX_KEYS)),
  s: ZOptionalToken,
});
export const ZMediaPosition = z.object({
  m: z.string(),
  positionSec: z.number(),
  durationSec: z.number(),
  updatedAt: z.string(),
});
export type TMediaPosition = z.infer<typeof ZMediaPosition>;
export const ZMediaPositionsResponse = z.object({ status: z.boolean(), positions: z.array(ZMediaPosition) });
export type TMediaPositionsResponse = z.infer<typeof ZMediaPositionsResponse>;

/** POST /api/media-position: one small call, at most every 15 s and on pause or leave. */
export const ZSaveMediaPositionRequest = z.object({
  m: ZMediaKey,
  positionSec: ZSeconds,
  durationSec: ZSeconds.optional(),
  s: ZOptionalToken,
});
export type TSaveMediaPositionRequest = z.infer<typeof ZSaveMediaPositionRequest>;
export const ZMediaSaveResponse = z.object({ status: z.boolean() });

const ZSpeed = z
  .number()
  .refine((v) => (PLAYER_SPEEDS as readonly number[]).includes(v), 'Choose 0.75, 1, 1.25, 1.5, 1.75 or 2.');
export const ZMediaPrefs = z.object({ speed: z.number(), captionsOn: z.boolean() });
export type TMediaPrefs = z.infer<typeof ZMediaPrefs>;
export const ZMediaPrefsQuery = z.object({ s: ZOptionalToken });
export const ZMediaPrefsResponse = ZMediaPrefs.extend({ status: z.boolean() });
/** POST /api/media-prefs: the listening speed or the captions choice (either, or both). */
export const ZSaveMediaPrefsRequest = z.object({
  speed: ZSpeed.optional(),
  captionsOn: z.boolean().optional(),
  s: ZOptionalToken,
});
export type TSaveMediaPrefsRequest = z.infer<typeof ZSaveMediaPrefsRequest>;

/** GET /api/media-text: the captions and transcript of one medium. */
export const ZMediaTextQuery = z.object({ m: ZMediaKey, s: ZOptionalToken });
export const ZCaptionTrack = z.object({ lang: z.string(), label: z.string(), src: z.string() });
export type TCaptionTrack = z.infer<typeof ZCaptionTrack>;
export const ZTranscriptLine = z.object({ startSec: z.number().nullable(), text: z.string() });
export type TTranscriptLine = z.infer<typeof ZTranscriptLine>;
export const ZMediaTextResponse = z.object({
  status: z.boolean(),
  captions: z.array(ZCaptionTrack),
  transcript: z.object({ format: z.enum(['vtt', 'text']), lines: z.array(ZTranscriptLine) }).nullable(),
});
export type TMediaTextResponse = z.infer<typeof ZMediaTextResponse>;

export const ZCaptionLang = z
  .string()
  .trim()
  .regex(CAPTION_LANG_PATTERN, 'Must be a language code like en or es-MX.');
/** GET /api/captions: the WebVTT file of a track (text/vtt). */
export const ZCaptionFileQuery = z.object({ m: ZMediaKey, lang: ZCaptionLang });

/** POST /api/admin/media-captions (multipart file): replaces the track of that language. */
export const ZAdminCaptionsQuery = z.object({
  m: ZMediaKey,
  lang: ZCaptionLang,
  label: z.string().trim().min(1).max(60).optional(),
});
/** POST /api/admin/media-transcript (multipart file): replaces the transcript. */
export const ZAdminTranscriptQuery = z.object({ m: ZMediaKey });
export const ZAdminMediaTextResponse = z.object({
  status: z.boolean(),
  m: z.string(),
  format: z.string(),
  cues: z.number(),
});
export type TAdminMediaTextResponse = z.infer<typeof ZAdminMediaTextResponse>;

/** GET /api/admin/media-text: every medium with what it has and lacks. */
export const ZAdminMediaRow = z.object({
  m: z.string(),
  kind: z.string(),
  title: z.string(),
  isVideo: z.boolean(),
  captionLangs: z.array(z.string()),
  hasTranscript: z.boolean(),
});
export type TAdminMediaRow = z.infer<typeof ZAdminMediaRow>;
export const ZAdminMediaListQuery = z.object({ missing: z.enum(['1', '0']).optional() });
export const ZAdminMediaListResponse = z.object({ status: z.boolean(), rows: z.array(ZAdminMediaRow) });
export type TAdminMediaListResponse = z.infer<typeof ZAdminMediaListResponse>;
