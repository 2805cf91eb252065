import { Texts } from '@opence/shared';
import type { TBannerAd } from '@opence/shared/schemas';
import { apiGet } from '../lib/api-client.ts';
import { COLUMN_SIZES, Picture } from './ui/picture.tsx';
import './banner-ad.css';

/**
 * A sponsor's banner ad (02 §2 Banner and mobile ads): a click is counted (bannerad-click) and
 * the ad opens in a new tab. The link opens the tab itself, so no popup blocker stops it; the
 * count goes out beside it. Shared by the drill-down and podcast pages.
 */
export function BannerAd({ ad }: { ad: TBannerAd }) {
  const countClick = () => {
    apiGet('bannerad-click', { b: ad.hash }).catch((error: unknown) => {
      // Ad counting failures are only logged (02 §8).
      console.warn('bannerad-click failed', error);
    });
  };
  return (
    <aside className="banner-ad" aria-label={Texts.SPONSORED}>
      <span className="banner-ad-label" aria-hidden="true">
        {Texts.SPONSORED}
      </span>
      <a href={ad.url} target="_blank" rel="noopener noreferrer sponsored" onClick={countClick}>
        <Picture src={ad.photo} sizes={COLUMN_SIZES} alt={ad.title} width={640} height={200} loading="lazy" />
      </a>
    </aside>
  );
}
