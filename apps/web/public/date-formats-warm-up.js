/* global close, postMessage */
// Started by the page's head script, on its own thread: formatting one date loads ICU's date
// data into caches that Chromium shares across the threads of a page, so the app's first date
// formatter on the main thread takes under a millisecond instead of 30-90 ms (decision 0813).
// It answers with the browser's zone, which the head script gives the server in a cookie for the
// next page's times (decision 0831).
const format = new Intl.DateTimeFormat('en-US');
format.format(0);
postMessage(format.resolvedOptions().timeZone);
close();
