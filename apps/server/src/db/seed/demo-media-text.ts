import type { Kysely } from 'kysely';
import { parseCaptions, parseTranscript } from '@opence/shared';
import type { DB } from '../types.ts';

/*
 * Captioned demo media (issue 26): the second drill-down's self-hosted recording has English
 * captions, and the featured podcast episode a timed transcript, so a fresh install shows both.
 * Both go through the same parser as a staff upload.
 */

export const DEMO_CAPTIONS_VTT = `WEBVTT

1
00:00:00.500 --> 00:00:06.000
Welcome to this drill-down on loading a tabletop autoclave.

2
00:00:06.500 --> 00:00:13.000
First, check that every pouch is sealed and labelled with the date.

3
00:00:13.500 --> 00:00:20.000
Place the pouches on their edge, paper side facing plastic side.

4
00:00:20.500 --> 00:00:29.000
Leave space between them so that steam reaches every instrument.
`;

export const DEMO_TRANSCRIPT_SRT = `1
00:00:00,000 --> 00:00:05,000
Hello and welcome to the show.

2
00:00:05,000 --> 00:00:11,000
Today we talk about fluoride varnish for children at caries risk.

3
00:00:11,000 --> 00:00:17,000
We look at how often to apply it and what the evidence says about remineralisation.

4
00:00:17,000 --> 00:00:23,000
Thanks for listening, and see you in the next episode.
`;

export async function seedMediaText(
  trx: Kysely<DB>,
  subjects: { drilldownHash: string | null; episodeHash: string | null; at: string },
): Promise<void> {
  if (subjects.drilldownHash) {
    const captions = parseCaptions(DEMO_CAPTIONS_VTT);
    const transcript = parseTranscript(DEMO_CAPTIONS_VTT);
    if (!captions.ok || !transcript.ok) throw new Error('The demo captions do not parse.');
    const media = `drilldown:${subjects.drilldownHash}`;
    await trx
      .insertInto('media_captions')
      .values({
        media,
        lang: 'en',
        label: 'English',
        vtt: captions.vtt,
        updated_by: null,
        updated_at: subjects.at,
      })
      .execute();
    await trx
      .insertInto('media_transcripts')
      .values({
        media,
        format: transcript.format,
        body: transcript.body,
        plain: transcript.plain,
        updated_by: null,
        updated_at: subjects.at,
      })
      .execute();
  }
  if (subjects.episodeHash) {
    const transcript = parseTranscript(DEMO_TRANSCRIPT_SRT);
    if (!transcript.ok) throw new Error('The demo transcript does not parse.');
    await trx
      .insertInto('media_transcripts')
      .values({
        media: `podcast:${subjects.episodeHash}`,
        format: transcript.format,
        body: transcript.body,
        plain: transcript.plain,
        updated_by: null,
        updated_at: subjects.at,
      })
      .execute();
  }
}
