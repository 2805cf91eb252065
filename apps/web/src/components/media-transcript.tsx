import { formatDuration, Texts } from '@opence/shared';
import { useMediaText } from '../lib/media-api.ts';
import './media-transcript.css';

/**
 * The transcript of an episode or video (issue 26): an expandable, readable section under the
 * player. With timestamps, each line is a button that moves the player there. Nothing when the
 * medium has no transcript. Fetched in the browser: the server's first screen prints nothing.
 */
export function MediaTranscript({ m, onSeek }: { m: string; onSeek?: (seconds: number) => void }) {
  const text = useMediaText(m);
  const transcript = text.data?.transcript;
  if (!transcript || transcript.lines.length === 0) return null;
  return (
    <details className="media-transcript">
      <summary>{Texts.TRANSCRIPT}</summary>
      <ol className="media-transcript-lines">
        {transcript.lines.map((line, i) =>
          line.startSec !== null && onSeek ? (
            <li key={i}>
              <button type="button" onClick={() => onSeek(line.startSec!)}>
                <span className="media-transcript-time">
                  <span className="visually-hidden">{Texts.TRANSCRIPT_SEEK} </span>
                  {formatDuration(line.startSec)}
                </span>{' '}
                <span>{line.text}</span>
              </button>
            </li>
          ) : (
            <li key={i}>
              {line.startSec !== null && (
                <span className="media-transcript-time">{formatDuration(line.startSec)} </span>
              )}
              {line.text}
            </li>
          ),
        )}
      </ol>
    </details>
  );
}
