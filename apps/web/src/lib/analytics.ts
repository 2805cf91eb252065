/*
 * Page-view analytics (01 §1): one event after each navigation, pushed to window.dataLayer
 * (the shape tag managers read) and dispatched as a DOM event for anything else listening.
 */

export type TPageView = { event: 'page_view'; page_path: string; page_title: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function sendPageView(path: string, title: string): void {
  const view: TPageView = { event: 'page_view', page_path: path, page_title: title };
  window.dataLayer ??= [];
  window.dataLayer.push(view);
  window.dispatchEvent(new CustomEvent('opence:pageview', { detail: view }));
}
