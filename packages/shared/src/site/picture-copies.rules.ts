/*
 * Smaller copies of stored pictures (decision 0813). A list row shows a photo 160 CSS pixels
 * wide; sending it the 640-pixel cover, or a staff upload straight from a camera, costs a
 * phone bytes it cannot show. The server makes each copy once, as WebP, from the stored file.
 */

const MEDIA_PREFIX = '/media/';
/** Where the copies are served: `/media/_w/{width}/{storage key}`. */
export const PICTURE_COPY_PREFIX = `${MEDIA_PREFIX}_w/`;
/**
 * The widths a copy is made at, in pixels: 320 covers a 160-pixel row on a 2× screen; 640 and
 * 1280 let a picture shown across a phone or in a desktop column come at the size the screen
 * needs (pictureSrcSet). A copy is never wider than its stored file.
 */
export const PICTURE_WIDTHS = [320, 640, 1280] as const;
export type TPictureWidth = (typeof PICTURE_WIDTHS)[number];
/** The stored files a copy is made of: raster pictures, as uploads accept them (0704). */
export const PICTURE_FILE = /\.(jpe?g|png|webp|gif)$/i;

/** The address of a stored picture at `width` pixels wide; any other address as it is. */
export function pictureAt(url: string, width: TPictureWidth): string {
  if (!url.startsWith(MEDIA_PREFIX) || url.startsWith(PICTURE_COPY_PREFIX) || !PICTURE_FILE.test(url)) {
    return url;
  }
  return `${PICTURE_COPY_PREFIX}${width}/${url.slice(MEDIA_PREFIX.length)}`;
}

/**
 * A `srcset` of a stored picture's copies, for a picture shown large (a featured photo, a
 * lesson): the browser takes the smallest copy its screen needs, so a staff upload straight from
 * a camera never reaches a phone whole (decision 0814). Null for other addresses.
 */
export function pictureSrcSet(url: string): string | null {
  if (pictureAt(url, PICTURE_WIDTHS[0]) === url) return null;
  // A space or a comma would end a candidate's address in a srcset; the server decodes both.
  const candidate = (width: TPictureWidth) => pictureAt(url, width).replace(/ /g, '%20').replace(/,/g, '%2C');
  return PICTURE_WIDTHS.map((width) => `${candidate(width)} ${width}w`).join(', ');
}

/**
 * The `src` and `srcset` of a picture shown large: the 640 copy and the list of copies for a
 * stored picture, the address as it is (and no srcset) for any other.
 */
export function largePicture(url: string): { src: string; srcSet: string | null } {
  const srcSet = pictureSrcSet(url);
  return { src: srcSet ? pictureAt(url, 640) : url, srcSet };
}

/**
 * How wide a featured photo shows: the content column on a phone, a card of the featured grid
 * on a wider screen. The page's preload of the lead photo says the same, so the browser fetches
 * the one copy it then shows.
 */
export const FEATURED_PHOTO_SIZES = '(min-width: 768px) 480px, 100vw';
