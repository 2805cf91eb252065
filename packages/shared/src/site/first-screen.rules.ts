import type { TBlurbResponse, TSiteResponse } from './site.schema.ts';
import { StorageKey } from '../constants.ts';

/*
 * The first screen (docs/decisions/0806): the web build renders the page frame (header, a
 * loading skeleton, the cookie notice) into index.html with these markers in place of the
 * brand and the notice's text; the server fills them for each page it sends, with the same
 * answers /api/site and /api/blurb give, so the browser paints the frame before any script has
 * run and React takes over with the same data and the same markup.
 */
export const FirstScreenMarker = {
  BRAND: '%OPENCE_BRAND%',
  COOKIE_MESSAGE: '%OPENCE_COOKIE_MESSAGE%',
  BOOT_DATA: '%OPENCE_BOOT_DATA%',
} as const;

/** The id of the JSON script element that carries TBootData. */
export const BOOT_DATA_ELEMENT_ID = 'boot-data';

/** The blurb the cookie notice shows (01 §1). */
export const COOKIE_MESSAGE_CODE = 'cookie_message';

/**
 * What the server puts into the page for the browser's query cache; no cookieMessage when the
 * block does not exist, so the browser asks, is refused and shows the fallback text as before.
 */
export type TBootData = { site: TSiteResponse; cookieMessage: TBlurbResponse | null };

/** The attribute the head script sets on <html> when the cookie notice was accepted. */
export const COOKIE_ACCEPTED_ATTRIBUTE = 'data-cookie-accepted';

/**
 * Runs before the first paint, so a returning visitor never sees the pre-rendered notice, and
 * makes the notice's Accept button work before the app has loaded (the app's banner reads the
 * same stored acceptance when it takes over). Inline, so it costs no request; the server allows
 * it by its hash in the CSP.
 */
const acceptedKey = JSON.stringify(StorageKey.COOKIE_ACCEPTED);
const acceptedAttribute = JSON.stringify(COOKIE_ACCEPTED_ATTRIBUTE);
export const COOKIE_ACCEPTED_SCRIPT =
  `try{var h=document.documentElement;if(localStorage.getItem(${acceptedKey}))h.setAttribute(${acceptedAttribute},"");` +
  'document.addEventListener("click",function(e){try{' +
  'if(e.target instanceof Element&&e.target.closest(".cookie-banner button")){' +
  `localStorage.setItem(${acceptedKey},new Date().toString());h.setAttribute(${acceptedAttribute},"")}` +
  '}catch(x){}})}catch(x){}';
