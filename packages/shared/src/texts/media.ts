/** Podcasts, blog, drill-downs, the player and media everyone can use (02 §2, §8; issue 26): a part of `Texts` (texts.ts). */
export const mediaTexts = {
  // Podcasts, blog, drill-downs, lobby, queue (02 §8)
  SERVER_ERROR_LATER: 'Server error. Try later.',
  ERROR_ACCESSING_API: 'Error accessing API.',
  ERROR_LOGGING_PODCAST: 'Error logging podcast play.',
  LOGGING_API_FAILURE: 'System error. Logging API failure.',
  SELECT_PODCAST: 'Go back and select podcast episode.',
  SELECT_BLOG_POST: 'Go back and select blog post.',
  SELECT_DRILLDOWN: 'Go back and select drill down.',
  ERROR_LOGGING_DRILLDOWN: 'Error logging drilldown play.',
  VIDEO_TIMED_OUT: 'Timed out loading video.',
  // Added around the spec's text (issue 22, item 15): the card shown where an embed cannot load.
  VIDEO_BLOCKED_HELP:
    'The video site may be blocked on this network (common in clinics). Open the video there, or try another network.',
  VIDEO_OPEN_ON_YOUTUBE: 'Open the video on YouTube',
  VIDEO_FILE_FAILED: 'The video could not be loaded.',
  VIDEO_OPEN_FILE: 'Open the video file',
  QUEUE_REMOVE_ERROR: 'Error trapped while removing class.',
  // Podcast, blog post and drill-down pages (02 §2); {n} and {date} are filled by the page.
  MORE_PODCASTS_LIKE: 'More Podcast Episodes You Might Like',
  TAKE_EXAM: 'Take Exam',
  EXAM_COMPLETED_ON: 'Exam Completed on {date}.',
  PODCAST_CEU: '{n} CEU (Self Study)',
  RECENT_BLOG_POSTS: 'Recent Dental Blog Posts',
  FROM_PODCAST: 'From the podcast:',
  DRILLDOWN_VIDEOS: 'Drill Down Videos',
  DRILLDOWN_LABEL: 'Drill Down',
  RECENT_DRILLDOWNS: 'Recent 5-Minute Drill Downs',
  SPONSORED: 'Sponsored',
  /** The exam's pass banner links to the post-exam lobby (decision 0605). */
  OPEN_LOBBY: 'Drill Downs and Podcasts',
  // Sticky podcast player (01 §1, 02 §9): its controls' accessible names (ours: decision 0601).
  PLAYER_LABEL: 'Podcast player',
  PLAYER_PLAY: 'Play',
  PLAYER_PAUSE: 'Pause',
  PLAYER_REWIND: 'Rewind 15 seconds',
  PLAYER_FORWARD: 'Forward 15 seconds',
  PLAYER_CLOSE: 'Close player',
  PLAYER_PROGRESS: 'Playback position',

  // Media everyone can use (issue 26)
  PLAYER_SPEED: 'Listening speed',
  PLAYER_SPEED_NOW: 'Listening speed',
  PLAYER_RESUMED: 'Resumed where you left off',
  CAPTIONS_CONTROL: 'Captions',
  TRANSCRIPT: 'Transcript',
  TRANSCRIPT_SEEK: 'Play from',
  EPISODE_PROGRESS: 'Listened',
  MEDIA_NOT_FOUND: 'That episode or video does not exist.',
  MEDIA_FILE_REFUSED: 'The file was refused at line',
  ACCESSIBILITY_TITLE: 'Accessibility',
  ACCESSIBILITY_LINK: 'Accessibility',
  SUPPORT_TOPIC_BARRIER: 'Accessibility Barrier',
  ACCESSIBILITY_INTRO:
    'OpenCE is for every dental professional, including members who are deaf or hard of hearing, blind or with low vision, or who use a keyboard, a switch or a screen reader.',
  ACCESSIBILITY_STANDARD_TITLE: 'What we aim for',
  ACCESSIBILITY_STANDARD:
    'We design and test the site to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA: every page works with a keyboard, has visible focus, text alternatives for images, sufficient contrast, labelled form fields and pages that reflow on a phone. Automated checks (axe) run on our pages with every change.',
  ACCESSIBILITY_MEDIA_TITLE: 'Captions, transcripts and players',
  ACCESSIBILITY_MEDIA_CAPTIONS:
    'Recorded classes, drill-downs and sponsor videos hosted by us carry captions: turn them on with the Captions button under the video; the site remembers your choice. Videos hosted on YouTube show YouTube’s own captions.',
  ACCESSIBILITY_MEDIA_TRANSCRIPTS:
    'Podcast episodes and videos have a transcript under the player. Where it has times, choosing a line plays from there. Transcripts are also found by the site search.',
  ACCESSIBILITY_MEDIA_PLAYER:
    'The podcast player can be used with a keyboard, announces changes to screen readers, plays at 0.75× to 2× speed, and picks up where you left off on any device you sign in on. Your phone’s lock screen and headphone buttons control it too.',
  ACCESSIBILITY_LIMITS_TITLE: 'Known limits',
  ACCESSIBILITY_LIMITS:
    'Some older recordings do not have captions or a transcript yet; our staff see a list of them and are adding them. PDF handouts from speakers may not be fully accessible: ask us for another format.',
  ACCESSIBILITY_REPORT_TITLE: 'Report a barrier',
  ACCESSIBILITY_REPORT:
    'If anything on the site stops you from taking a course, listening to a podcast or getting your certificate, tell us through the support form.',
  ACCESSIBILITY_REPORT_LINK: 'Report an accessibility barrier',
  CONSOLE_MEDIA_TITLE: 'Captions & transcripts',
  CONSOLE_MEDIA_ONLY_MISSING: 'Only media missing captions or a transcript',
  CONSOLE_MEDIA_NONE_MISSING: 'Every medium has its captions and transcript.',
} as const;
