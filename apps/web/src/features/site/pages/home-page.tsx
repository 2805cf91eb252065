import { Texts } from '@opence/shared';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

/** Home (01 §2). The upcoming, on-demand and podcast sections arrive with the catalog. */
export function Component() {
  usePageTitle('Home');
  return (
    <div className="container">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{Texts.HERO}</h1>
        <p>
          Live webinars, on-demand classes and podcasts with CE credit and a certificate your board accepts.
        </p>
      </section>
      <div className="card">
        <h2>Start learning</h2>
        <p>Reserve a seat in a live webinar or take an on-demand class at your own pace.</p>
        <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap', margin: 0 }}>
          <ButtonLink to="/webinars">Upcoming live webinars</ButtonLink>
          <ButtonLink to="/ondemand" variant="secondary">
            On-demand classes
          </ButtonLink>
        </p>
      </div>
    </div>
  );
}
