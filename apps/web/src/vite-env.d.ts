/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
declare const __APP_BUILD__: string;

/** The public app's style sheets, from the browser's build (vite-first-screen.ts: publicSheetsModule). */
declare module 'virtual:public-sheets' {
  export const sheets: string[];
  export const css: string;
  /** The staff console's, for a console screen the server renders (0833). */
  export const consoleSheets: string[];
  export const consoleCss: string;
}
