/** The installable app and offline reading (issue 44): a part of `Texts` (texts.ts). */
export const offlineTexts = {
  OFFLINE_PAGE_NEEDS_INTERNET: "You're offline. This page needs the internet.",
  OFFLINE_AVAILABLE_HINT: 'What you downloaded and the pages you opened before still work.',
  OFFLINE_SEE_DOWNLOADS: 'Your downloads',
  OFFLINE_STATUS_OFFLINE: "You're offline",
  OFFLINE_STATUS_ONLINE: 'Back online',
  UPDATE_READY: 'A new version of OpenCE is ready',
  UPDATE_RELOAD: 'Reload',
  UPDATE_LATER: 'Later',
} as const;
