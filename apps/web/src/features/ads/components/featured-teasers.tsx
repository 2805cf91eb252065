import {
  AdSlotType,
  blogPostPath,
  classroomPath,
  creditsText,
  FEATURED_PHOTO_SIZES,
  podcastPath,
  Texts,
} from '@opence/shared';
import type { TFeaturedContent } from '@opence/shared/schemas';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/feedback.tsx';
import { logFeaturedClick } from '../api/log-featured-click.ts';
import { Picture } from '../../../components/ui/picture.tsx';
import '../ads.css';

type TTeaser = {
  slot: number;
  id: string;
  to: string;
  title: string;
  photo: string | null;
  meta: string;
  blurb: string;
};

/** The featured class, podcast and blog post there are, in that order (02 §2). */
function teasers(content: TFeaturedContent): TTeaser[] {
  const c = content.featuredClass.data[0];
  const p = content.featuredPodcast.data[0];
  const b = content.featuredBlog.data[0];
  const all: (TTeaser | undefined)[] = [
    c && {
      slot: AdSlotType.FEATURED_CLASS,
      id: c.hash,
      to: classroomPath(c.hash),
      title: c.className,
      photo: c.photo,
      meta: [c.name, c.companyName, creditsText(c.credits, c.creditName)].filter(Boolean).join(' · '),
      blurb: c.blurb,
    },
    p && {
      slot: AdSlotType.FEATURED_PODCAST,
      id: p.hash,
      to: podcastPath(p.podcastShowHash, p.hash),
      title: p.title,
      photo: p.photo,
      meta: [p.speakerName, p.companyName].filter(Boolean).join(' · '),
      blurb: p.featuredBlurb,
    },
    b && {
      slot: AdSlotType.FEATURED_BLOG,
      id: b.id,
      to: blogPostPath(b.id),
      title: b.title,
      photo: b.photo,
      meta: '',
      blurb: b.blurb,
    },
  ];
  return all.filter((t): t is TTeaser => t !== undefined);
}

/**
 * Featured content teasers with the FEATURED label. A click is counted and the navigation
 * happens whatever the count answers (02 §2). With a title, they form a titled section (search).
 */
export function FeaturedTeasers({ content, title }: { content: TFeaturedContent; title?: string }) {
  const headingId = useId();
  const items = teasers(content);
  if (items.length === 0) return null;
  const Heading = title ? 'h3' : 'h2';
  return (
    <section
      className="featured"
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : Texts.FEATURED_CONTENT_TITLE}
    >
      {title && <h2 id={headingId}>{title}</h2>}
      <ul className="featured-list">
        {items.map((item) => (
          <li key={`${item.slot}-${item.id}`} className="featured-card card">
            {item.photo && (
              <Picture
                className="featured-photo"
                src={item.photo}
                sizes={FEATURED_PHOTO_SIZES}
                width="480"
                height="270"
              />
            )}
            <div className="featured-body">
              <Badge tone="warning">{Texts.BADGE_FEATURED}</Badge>
              <Heading className="featured-title">
                <Link to={item.to} onClick={() => logFeaturedClick(item.slot, item.id)}>
                  {item.title}
                </Link>
              </Heading>
              {item.meta && <p className="featured-meta">{item.meta}</p>}
              <p className="featured-blurb">{item.blurb}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
