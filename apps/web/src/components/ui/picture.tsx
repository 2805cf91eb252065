import { largePicture } from '@opence/shared';
import type { ImgHTMLAttributes } from 'react';

type TPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  /** How wide the picture shows, as the `sizes` attribute says it. */
  sizes: string;
};

/**
 * A stored picture shown large: the browser picks the copy its screen needs (decision 0814).
 * Addresses the server makes no copies of are shown as they are.
 */
export function Picture({ src, sizes, alt = '', ...img }: TPictureProps) {
  const { src: shown, srcSet } = largePicture(src);
  if (!srcSet) return <img {...img} src={shown} alt={alt} />;
  return <img {...img} src={shown} srcSet={srcSet} sizes={sizes} alt={alt} />;
}

/** How wide a picture across the content column shows: the column on a desktop, the screen on a phone. */
export const COLUMN_SIZES = '(min-width: 768px) 720px, 100vw';
