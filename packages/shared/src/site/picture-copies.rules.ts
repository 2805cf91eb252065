/*
 * Smaller copies of stored pictures (decision 0813). A list row shows a photo 160 CSS pixels
 * wide; sending it the 640-pixel cover, or a staff upload straight from a camera, costs a
 * phone bytes it cannot show. The server makes each copy once, as WebP, from the stored file.
 */

const MEDIA_PREFIX = '/media/';
/** Where the copies are served: `/media/_w/{width}/{storage key}`. */
export const PICTURE_COPY_PREFIX = `${MEDIA_PREFIX}_w/`;
/** The widths a copy is made at, in pixels: 320 covers a 160-pixel row on a 2× screen. */
export const PICTURE_WIDTHS = [320, 640] as const;
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
