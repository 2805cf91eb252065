import type { Kysely } from 'kysely';
import { DEFAULT_PLAYER_SPEED, normalizeSpeed, Texts } from '@opence/shared';
import type {
  TAdminMediaListResponse,
  TAdminMediaRow,
  TAdminMediaTextResponse,
  TMediaPositionsResponse,
  TMediaPrefs,
  TMediaTextResponse,
  TSaveMediaPrefsRequest,
} from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { parseCaptions, parseTranscript, transcriptLines } from '../../lib/captions.ts';
import { nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { ApiError, notFound, rateLimited } from '../../lib/api-errors.ts';
import * as repo from './media.repo.ts';

export type TMediaDeps = { db: Kysely<DB>; now?: () => Date };

/**
 * Saved positions per member: the player saves every 15 s while playing and on pause or leave,
 * about 40 in 10 minutes; two players at once and seeking stay well inside.
 */
export const POSITION_LIMIT = { hits: 120, windowMs: 10 * 60_000 };

/** The track label a language gets when staff give none. */
const LANGUAGE_LABELS: Record<string, string> = { en: 'English', es: 'Español', fr: 'Français' };

/** The answer for a file that is not valid captions: 400 with the line (and the line as field). */
function refuseFile(line: number, error: string): ApiError {
  return new ApiError(400, `${Texts.MEDIA_FILE_REFUSED} ${line}: ${error}`, { field: 'file' });
}

/**
 * Media everyone can use (issue 26): a member's positions and player preferences (only ever
 * their own rows: the member id comes from the session, never from the request), the public
 * captions and transcript of a medium, and staff uploads of them.
 */
export function createMediaService({ db, now = () => new Date() }: TMediaDeps) {
  async function assertMedium(key: string) {
    const [kind, ref] = key.split(':') as [string, string];
    if (!(await repo.mediumExists(db, kind, ref))) throw notFound(Texts.MEDIA_NOT_FOUND);
  }

  return {
    async positions(member: TSessionMember, media: string[]): Promise<TMediaPositionsResponse> {
      const rows = await repo.selectPositions(db, member.id, [...new Set(media)]);
      return {
        status: true,
        positions: rows.map((r) => ({
          m: r.media,
          positionSec: Number(r.position_sec),
          durationSec: Number(r.duration_sec),
          updatedAt: r.updated_at,
        })),
      };
    },

    async savePosition(
      member: TSessionMember,
      input: { m: string; positionSec: number; durationSec?: number | undefined },
    ) {
      // Only media the member may play, at a person's pace (issue 37 row 7: 300 made-up keys in 5 s).
      const hit = await hitRateLimit(
        db,
        `media-position:${member.id}`,
        POSITION_LIMIT.hits,
        POSITION_LIMIT.windowMs,
        now(),
      );
      if (!hit.allowed) throw rateLimited();
      const [kind, ref] = input.m.split(':') as [string, string];
      if (!(await repo.mediumPlayable(db, kind, ref, nowIso(now())))) throw notFound(Texts.MEDIA_NOT_FOUND);
      const durationSec = input.durationSec ?? 0;
      const positionSec = durationSec > 0 ? Math.min(input.positionSec, durationSec) : input.positionSec;
      await repo.upsertPosition(db, {
        memberId: member.id,
        media: input.m,
        positionSec: Math.round(positionSec * 10) / 10,
        durationSec: Math.round(durationSec * 10) / 10,
        at: nowIso(now()),
      });
      return { status: true };
    },

    async prefs(member: TSessionMember): Promise<TMediaPrefs & { status: boolean }> {
      const row = await repo.selectPrefs(db, member.id);
      return {
        status: true,
        speed: row ? normalizeSpeed(Number(row.speed)) : DEFAULT_PLAYER_SPEED,
        captionsOn: row ? row.captions_on === 1 : false,
      };
    },

    async savePrefs(member: TSessionMember, input: TSaveMediaPrefsRequest) {
      const current = await this.prefs(member);
      await repo.upsertPrefs(db, {
        memberId: member.id,
        speed: input.speed ?? current.speed,
        captionsOn: input.captionsOn ?? current.captionsOn,
        at: nowIso(now()),
      });
      return this.prefs(member);
    },

    async text(media: string): Promise<TMediaTextResponse> {
      const [tracks, transcript] = await Promise.all([
        repo.selectCaptionTracks(db, media),
        repo.selectTranscript(db, media),
      ]);
      return {
        status: true,
        captions: tracks.map((t) => ({
          lang: t.lang,
          label: t.label,
          src: `/api/captions?m=${encodeURIComponent(media)}&lang=${encodeURIComponent(t.lang)}`,
        })),
        transcript: transcript
          ? { format: transcript.format, lines: transcriptLines(transcript.format, transcript.body) }
          : null,
      };
    },

    async captionFile(media: string, lang: string) {
      const row = await repo.selectCaptionFile(db, media, lang);
      if (!row) throw notFound(Texts.MEDIA_NOT_FOUND);
      return row;
    },

    async uploadCaptions(
      staff: TSessionMember,
      input: { m: string; lang: string; label?: string | undefined; text: string },
    ): Promise<TAdminMediaTextResponse> {
      await assertMedium(input.m);
      const parsed = parseCaptions(input.text);
      if (!parsed.ok) throw refuseFile(parsed.line, parsed.error);
      await repo.upsertCaptions(db, {
        media: input.m,
        lang: input.lang,
        label: input.label ?? LANGUAGE_LABELS[input.lang.slice(0, 2)] ?? input.lang,
        vtt: parsed.vtt,
        by: staff.id,
        at: nowIso(now()),
      });
      return { status: true, m: input.m, format: parsed.format, cues: parsed.cues.length };
    },

    async uploadTranscript(
      staff: TSessionMember,
      input: { m: string; text: string },
    ): Promise<TAdminMediaTextResponse> {
      await assertMedium(input.m);
      const parsed = parseTranscript(input.text);
      if (!parsed.ok) throw refuseFile(parsed.line, parsed.error);
      await repo.upsertTranscript(db, {
        media: input.m,
        format: parsed.format,
        body: parsed.body,
        plain: parsed.plain,
        by: staff.id,
        at: nowIso(now()),
      });
      return { status: true, m: input.m, format: parsed.format, cues: parsed.lines.length };
    },

    async mediaList(onlyMissing: boolean): Promise<TAdminMediaListResponse> {
      const all = await repo.selectAllMedia(db);
      const langs = new Map<string, string[]>();
      for (const c of all.captions) langs.set(c.media, [...(langs.get(c.media) ?? []), c.lang]);
      const transcribed = new Set(all.transcripts.map((t) => t.media));
      const row = (kind: string, ref: string, title: string, isVideo: boolean): TAdminMediaRow => {
        const m = `${kind}:${ref}`;
        return {
          m,
          kind,
          title,
          isVideo,
          captionLangs: langs.get(m) ?? [],
          hasTranscript: transcribed.has(m),
        };
      };
      const rows = [
        ...all.podcasts.map((p) => row('podcast', p.hash, p.title, false)),
        // A YouTube video keeps YouTube's own captions: only self-hosted files need ours.
        ...all.classes.map((c) => row('class', c.hash, c.title, !!c.video_url)),
        ...all.drilldowns.map((d) => row('drilldown', d.hash, d.title, !!d.video_url)),
        ...all.sponsorVideos.map((v) => row('sponsor-video', v.id, v.headline, true)),
      ];
      const isMissing = (r: TAdminMediaRow) => !r.hasTranscript || (r.isVideo && r.captionLangs.length === 0);
      return { status: true, rows: onlyMissing ? rows.filter(isMissing) : rows };
    },
  };
}

export type TMediaService = ReturnType<typeof createMediaService>;
