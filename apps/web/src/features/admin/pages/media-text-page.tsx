import { Texts } from '@opence/shared';
import type { TAdminMediaRow } from '@opence/shared/schemas';
import { useId, useState, type ChangeEvent } from 'react';
import { Alert, Badge, EmptyState } from '../../../components/ui/feedback.tsx';
import { useAdminMediaText, useUploadMediaText } from '../api/media-text.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { QueryState } from '../components/query-state.tsx';

const KIND_LABELS: Record<string, string> = {
  podcast: 'Podcast episode',
  class: 'Class',
  drilldown: 'Drill-down',
  'sponsor-video': 'Sponsor video',
};
const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
] as const;

/** One medium: what it has, and the uploads that add or replace its captions and transcript. */
function MediaRow({ row }: { row: TAdminMediaRow }) {
  const id = useId();
  const [lang, setLang] = useState('en');
  const upload = useUploadMediaText();
  const [done, setDone] = useState<string | null>(null);
  const onFile = (what: 'captions' | 'transcript') => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setDone(null);
    upload.mutate(
      { what, m: row.m, lang, file },
      {
        onSuccess: (r) =>
          setDone(`${what === 'captions' ? 'Captions' : 'Transcript'} saved: ${r.cues} lines.`),
      },
    );
  };
  const captionsMissing = row.isVideo && row.captionLangs.length === 0;
  return (
    <tr>
      <td>
        <strong>{row.title}</strong>
        <br />
        <span className="admin-note">{KIND_LABELS[row.kind] ?? row.kind}</span>
      </td>
      <td>
        {row.captionLangs.length > 0 ? (
          row.captionLangs.join(', ')
        ) : captionsMissing ? (
          <Badge tone="warning">Missing</Badge>
        ) : (
          '—'
        )}
        {row.isVideo && (
          <div className="admin-media-upload">
            <label htmlFor={`${id}-lang`} className="visually-hidden">
              Caption language for {row.title}
            </label>
            <select id={`${id}-lang`} value={lang} onChange={(e) => setLang(e.target.value)}>
              {LANGUAGES.map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
            <label className="btn btn-secondary" htmlFor={`${id}-captions`}>
              Upload captions
            </label>
            <input
              id={`${id}-captions`}
              className="visually-hidden"
              type="file"
              accept=".vtt,.srt,text/vtt"
              aria-label={`Captions file (WebVTT or SRT) for ${row.title}`}
              onChange={onFile('captions')}
            />
          </div>
        )}
      </td>
      <td>
        {row.hasTranscript ? 'Yes' : <Badge tone="warning">Missing</Badge>}
        <div className="admin-media-upload">
          <label className="btn btn-secondary" htmlFor={`${id}-transcript`}>
            Upload transcript
          </label>
          <input
            id={`${id}-transcript`}
            className="visually-hidden"
            type="file"
            accept=".txt,.vtt,.srt,text/plain,text/vtt"
            aria-label={`Transcript file (text, WebVTT or SRT) for ${row.title}`}
            onChange={onFile('transcript')}
          />
        </div>
        <span role="status" className="admin-note">
          {upload.isPending ? 'Uploading…' : done}
        </span>
        {upload.isError && <Alert>{upload.error.message}</Alert>}
      </td>
    </tr>
  );
}

/**
 * Captions & transcripts (issue 26): every episode and video with its caption languages and
 * transcript, missing ones first on show; staff upload or replace them here.
 */
export function MediaTextPage() {
  const [onlyMissing, setOnlyMissing] = useState(true);
  const list = useAdminMediaText(onlyMissing);
  return (
    <AdminPage title={Texts.CONSOLE_MEDIA_TITLE}>
      <p className="admin-note">
        Captions: WebVTT, or SRT (converted to WebVTT). Transcripts: plain text, or WebVTT/SRT for a
        transcript whose lines play from their time. A new file replaces the old one.
      </p>
      <label className="admin-check">
        <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} />{' '}
        {Texts.CONSOLE_MEDIA_ONLY_MISSING}
      </label>
      <QueryState query={list}>
        {(d) =>
          d.rows.length === 0 ? (
            <EmptyState text={Texts.CONSOLE_MEDIA_NONE_MISSING} />
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Episode or video</th>
                    <th scope="col">Captions</th>
                    <th scope="col">Transcript</th>
                  </tr>
                </thead>
                <tbody>
                  {d.rows.map((row) => (
                    <MediaRow key={row.m} row={row} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </AdminPage>
  );
}
