import type { Kysely } from 'kysely';
import { parseCaptions, parseTranscript } from '../../lib/captions.ts';
import type { DB } from '../types.ts';

/*
 * Captioned demo media (issue 26): the second drill-down's self-hosted recording has English
 * captions, and every podcast episode a timed transcript of its own topic (issue 36), so a
 * fresh install shows both. Both go through the same parser as a staff upload.
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

/**
 * A timed transcript of each demo podcast episode (issue 36: the one the demo had spoke of
 * another topic than its episode), by episode title. Four lines each, timed to fit the demo's
 * shortest recording (24 s).
 */
export const EPISODE_TRANSCRIPTS: Readonly<Record<string, readonly [string, string, string, string]>> = {
  'Air Polishing Myths and Facts': [
    'Welcome to The Hygiene Hour. I’m Jennifer Lee, and today we sort air polishing myths from facts.',
    'Glycine and erythritol powders are far gentler on root surfaces and gums than sodium bicarbonate.',
    'Used with care, low-abrasive powders are safe around implants, composites and most restorations.',
    'Next time we fit air polishing into a one-hour recall appointment. Thanks for listening.',
  ],
  'Talking to Patients About Periodontitis': [
    'Welcome to The Hygiene Hour. Dr. Maria Alvarez is here to talk about explaining periodontitis to patients.',
    'She starts with the chart: pocket depths and bone loss, drawn on a picture the patient can follow.',
    'Staging says how far the disease has gone; grading says how fast it is likely to progress.',
    'When a patient hesitates, a follow-up call a week later often brings them back for treatment.',
  ],
  'Ergonomics Check-Up': [
    'This is The Hygiene Hour, and Michelle Torres is here for an ergonomics check-up.',
    'Loupes with the right working distance keep your neck upright instead of bent over the patient.',
    'Set the chair so your forearms stay level, and choose wide, light instrument handles.',
    'Between patients, try her five-minute stretching routine for the neck, shoulders and wrists.',
  ],
  'Behind the Scenes of a Hygiene Department': [
    'Welcome back. Today we go behind the scenes of a busy group practice’s hygiene department.',
    'Their schedule blocks longer visits for new patients and for periodontal maintenance.',
    'Assisted hygiene works when the assistant charts and sets up while the hygienist treats.',
    'A short huddle each morning keeps the whole team on the same page. This episode carries no CE credit.',
  ],
  'Implant Maintenance at Recall': [
    'On this episode Dr. Alvarez and Jennifer Lee talk about implant maintenance at recall.',
    'Record baseline probing depths and a radiograph when the final restoration is delivered.',
    'Use plastic or titanium instruments and probe gently: bleeding around an implant is a warning sign.',
    'Bone loss on the x-ray or suppuration calls for a referral. Thanks for listening.',
  ],
  'Fluoride Beyond Childhood': [
    'Welcome to The Hygiene Hour. Michelle Torres asks who benefits from professional fluoride as an adult.',
    'Dry mouth, recession and past caries put many adults at risk, older patients above all.',
    'Fluoride varnish and high-fluoride toothpaste help remineralise early root caries.',
    'Match the product and the recall interval to each patient’s risk. See you next time.',
  ],
  'Five Numbers to Review Every Monday': [
    'This is Practice Pulse. Dr. Thomas Becker shares five numbers to review every Monday.',
    'Production per hour and case acceptance show whether the schedule and the treatment plans work.',
    'Recall effectiveness, collections and new patients show the health of the practice over time.',
    'When one number slips, look at the week behind it before you change anything.',
  ],
  'Infection Control Audits Without the Stress': [
    'Welcome to Practice Pulse. Karen Whitfield takes the stress out of infection control audits.',
    'Her monthly self-audit checks sterilizer spore tests, instrument packaging and storage.',
    'Waterline test results and PPE supplies go on the same checklist, with the date and initials.',
    'Inspectors ask for records, so keep the logs where anyone on the team can find them.',
  ],
  'Hiring and Keeping Great Assistants': [
    'On Practice Pulse today: hiring and keeping great dental assistants.',
    'A clear job description attracts the right people and sets expectations from the first day.',
    'A structured onboarding plan with a mentor helps new assistants stay past their first year.',
    'Career paths such as expanded functions keep good assistants growing with the practice.',
  ],
  'When to Refer an Endodontic Case': [
    'Dr. Priya Raman joins Practice Pulse to talk about when to refer an endodontic case.',
    'Curved or calcified canals on the preoperative radiograph raise the difficulty of a case.',
    'Patient factors such as limited opening or a strong gag reflex matter just as much.',
    'A referral letter with the radiographs and your findings makes the visit smooth for the patient.',
  ],
  'Aligners in General Practice: Lessons Learned': [
    'This is Practice Pulse with Dr. Samuel Greene on aligners in general practice.',
    'Good first cases are mild crowding or spacing with a sound skeletal relationship.',
    'Plan for refinements from the start, and tell patients that extra aligners are normal.',
    'Clear expectations at the consultation prevent most disappointments later.',
  ],
  'Making Kids Comfortable in the Chair': [
    'Dr. Aisha Karimi joins Practice Pulse to talk about making kids comfortable in the chair.',
    'Use simple, positive words: we count and clean teeth, and we never say hurt or needle.',
    'Let parents help: a calm parent in the room often means a calm child in the chair.',
    'Tell-show-do and praise for good behavior work for most children at their first visit.',
  ],
};

/** Where each of the four lines starts and the last ends, in seconds. */
const CUE_STARTS = [0, 5, 11, 17, 23];

const srtTime = (sec: number) => `00:00:${String(sec).padStart(2, '0')},000`;

/** An episode's transcript as the SRT file staff would upload. */
export function episodeTranscriptSrt(title: string): string {
  const lines = EPISODE_TRANSCRIPTS[title];
  if (!lines) throw new Error(`Demo data: no transcript for the episode "${title}"`);
  return lines
    .map((line, i) => `${i + 1}\n${srtTime(CUE_STARTS[i]!)} --> ${srtTime(CUE_STARTS[i + 1]!)}\n${line}\n`)
    .join('\n');
}

export async function seedMediaText(
  trx: Kysely<DB>,
  subjects: {
    drilldownHash: string | null;
    /** The on-demand class whose recording the site hosts: the same captions (issue 44's demo). */
    classHash: string | null;
    episodes: readonly { hash: string; title: string }[];
    at: string;
  },
): Promise<void> {
  const captioned = [
    subjects.drilldownHash && `drilldown:${subjects.drilldownHash}`,
    subjects.classHash && `class:${subjects.classHash}`,
  ].filter((media): media is string => Boolean(media));
  for (const media of captioned) {
    const captions = parseCaptions(DEMO_CAPTIONS_VTT);
    const transcript = parseTranscript(DEMO_CAPTIONS_VTT);
    if (!captions.ok || !transcript.ok) throw new Error('The demo captions do not parse.');
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
  for (const episode of subjects.episodes) {
    const transcript = parseTranscript(episodeTranscriptSrt(episode.title));
    if (!transcript.ok) throw new Error(`The demo transcript of "${episode.title}" does not parse.`);
    await trx
      .insertInto('media_transcripts')
      .values({
        media: `podcast:${episode.hash}`,
        format: transcript.format,
        body: transcript.body,
        plain: transcript.plain,
        updated_by: null,
        updated_at: subjects.at,
      })
      .execute();
  }
}
