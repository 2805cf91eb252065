import { Texts } from '@opence/shared';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';

/**
 * The accessibility statement (issue 26): what the site meets (WCAG 2.1 AA), how media are
 * captioned and transcribed, and how to report a barrier (the support form, its topic chosen).
 */
export function Component() {
  usePageTitle(Texts.ACCESSIBILITY_TITLE);
  return (
    <div className="container">
      <div className="page-header">
        <h1>{Texts.ACCESSIBILITY_TITLE}</h1>
      </div>
      <div className="card text-block accessibility-statement">
        <p>{Texts.ACCESSIBILITY_INTRO}</p>
        <h2>{Texts.ACCESSIBILITY_STANDARD_TITLE}</h2>
        <p>{Texts.ACCESSIBILITY_STANDARD}</p>
        <h2>{Texts.ACCESSIBILITY_MEDIA_TITLE}</h2>
        <p>{Texts.ACCESSIBILITY_MEDIA_CAPTIONS}</p>
        <p>{Texts.ACCESSIBILITY_MEDIA_TRANSCRIPTS}</p>
        <p>{Texts.ACCESSIBILITY_MEDIA_PLAYER}</p>
        <h2>{Texts.ACCESSIBILITY_LIMITS_TITLE}</h2>
        <p>{Texts.ACCESSIBILITY_LIMITS}</p>
        <h2>{Texts.ACCESSIBILITY_REPORT_TITLE}</h2>
        <p>{Texts.ACCESSIBILITY_REPORT}</p>
        <p>
          <Link className="btn" to={`/support?topic=${encodeURIComponent(Texts.SUPPORT_TOPIC_BARRIER)}`}>
            {Texts.ACCESSIBILITY_REPORT_LINK}
          </Link>
        </p>
      </div>
    </div>
  );
}
