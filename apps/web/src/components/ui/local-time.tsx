import { firstVisitText, formatInZone, type TTimeFormat } from '@opence/shared';
import { useTimeZone } from '../../lib/dates.ts';

/**
 * A moment in the reader's zone (docs/decisions/0831), safe on a screen the server renders and
 * the browser takes over. Where the server knew the zone (the reader's cookie) it printed the
 * text the browser prints. Where it did not (a first visit), it printed the day alone, only when
 * that day is the same in every zone of the members, and held the place of the rest invisibly
 * (`data-pending`, styles.css); the browser writes the whole text once it has taken over, so a
 * time appears but never changes. The server's text is kept through the takeover
 * (suppressHydrationWarning): two ICU versions may word a time a little differently, which must
 * not cost the screen its hydration.
 */
export function LocalTime({ iso, format }: { iso: string; format: TTimeFormat }) {
  const zone = useTimeZone();
  const { text, pending } =
    zone === null ? firstVisitText(iso, format) : { text: formatInZone(iso, format, zone), pending: '' };
  return (
    <time dateTime={iso} data-pending={pending || undefined} suppressHydrationWarning>
      {text}
    </time>
  );
}

/** A text with a moment in the reader's zone where it says `{date}` (a sentence of texts.ts). */
export function TextWithTime({ text, ...time }: { text: string; iso: string; format: TTimeFormat }) {
  const [before, after = ''] = text.split('{date}');
  return (
    <>
      {before}
      <LocalTime {...time} />
      {after}
    </>
  );
}
