/*
 * What the build tells the paint-first loader (paint-first.ts, docs/decisions/0841): the app's
 * entry module and the modules it preloads, as data in a JSON element of the page, so the
 * loader's code is the same on every build and only the data names the build's files.
 */

/** The id of the JSON script element that carries TAppFiles. */
export const APP_FILES_ELEMENT_ID = 'app-files';

export type TAppFiles = { entry: string; preloads: string[] };
