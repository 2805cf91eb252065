import { usePageTitle } from '../../../lib/page-title.ts';

/** A screen whose feature has not landed yet: a plain panel, nothing pretending to work. */
export function ComingSoonPage({ topic }: { topic: string }) {
  usePageTitle(topic);
  return (
    <div className="container">
      <h1>{topic}</h1>
      <div className="card">
        <p>This part of the site is coming soon.</p>
      </div>
    </div>
  );
}
