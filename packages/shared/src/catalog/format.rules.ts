import { CeType } from '../constants.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Durations as hh:mm:ss from one hour up, otherwise mm:ss (02 §9). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** Credit type label (01 §9): none is empty; an unknown id shows 'undefined', as the product does. */
export function creditLabel(ceTypeId: number): string {
  switch (ceTypeId) {
    case CeType.NONE:
      return '';
    case CeType.SELF_STUDY:
      return 'Self-Study';
    case CeType.LIVE:
      return 'Live, Interactive';
    default:
      return 'undefined';
  }
}

/** '2 CEU (Self-Study)': credits with their credit name (01 §2). */
export function creditsText(credits: number, creditName: string): string {
  return creditName ? `${credits} CEU (${creditName})` : `${credits} CEU`;
}

/** Prices in dollars (02 §9): whole dollars without cents. */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}
