import jsQR from 'jsqr';
import sharp from 'sharp';

/*
 * A QR code on a picture (issue 41): jsqr over the decoded pixels. Tried as the picture comes
 * and, for a phone photo, once more at a smaller size, where blur and speckle matter less.
 */

const SIZES = [null, 1000] as const;

export async function decodeQr(image: Buffer): Promise<string | null> {
  for (const width of SIZES) {
    const pipeline = sharp(image, { limitInputPixels: 40_000_000 }).rotate().ensureAlpha();
    const { data, info } = await (width ? pipeline.resize({ width, withoutEnlargement: true }) : pipeline)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    if (found?.data) return found.data;
  }
  return null;
}
