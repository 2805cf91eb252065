import { creditsText, pictureAt } from '@opence/shared';
import type { TClassObj } from '@opence/shared/schemas';
import type { ReactNode } from 'react';

/** Title, speaker, sponsor and credits at the top of a class page. */
export function ClassHeader({ classObj, actions }: { classObj: TClassObj; actions?: ReactNode }) {
  const meta = [
    classObj.speakerName,
    classObj.sponsorCompanyName ? `Sponsor: ${classObj.sponsorCompanyName}` : null,
    classObj.credits > 0 ? creditsText(classObj.credits, classObj.creditName) : null,
  ].filter(Boolean);
  return (
    <header className="class-header">
      <div>
        <h1>{classObj.className}</h1>
        {meta.length > 0 && <p className="class-meta">{meta.join(' · ')}</p>}
      </div>
      {actions}
    </header>
  );
}

/** Description paragraphs and the learning objectives. */
export function ClassDescription({ classObj }: { classObj: TClassObj }) {
  const paragraphs = classObj.description.split(/\n{2,}/).filter((p) => p.trim());
  if (paragraphs.length === 0 && classObj.learningObjectives.length === 0) return null;
  return (
    <section className="card class-description" aria-labelledby="class-description-title">
      <h2 id="class-description-title">About this course</h2>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {classObj.learningObjectives.length > 0 && (
        <>
          <h3>Learning objectives</h3>
          <ul>
            {classObj.learningObjectives.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The speaker's photo, name, credentials and bio. */
export function SpeakerCard({ classObj }: { classObj: TClassObj }) {
  if (!classObj.speakerName) return null;
  return (
    <section className="card speaker-card" aria-labelledby="speaker-title">
      <h2 id="speaker-title">Speaker</h2>
      <div className="speaker">
        {classObj.speakerPhoto && (
          <img src={pictureAt(classObj.speakerPhoto, 320)} alt="" width={72} height={72} loading="lazy" />
        )}
        <div>
          <strong>{classObj.speakerName}</strong>
          {classObj.speakerCredentials && (
            <span className="speaker-credentials">{classObj.speakerCredentials}</span>
          )}
        </div>
      </div>
      {classObj.speakerBlurb && <p>{classObj.speakerBlurb}</p>}
    </section>
  );
}

/** The class page while it loads: no layout shift when it arrives. */
export function ClassSkeleton() {
  return (
    <div className="container" aria-busy="true" aria-label="Loading class">
      <div className="skeleton" style={{ height: '2em', width: '70%', marginBottom: 12 }} />
      <div className="skeleton" style={{ aspectRatio: '16 / 9', maxWidth: 720, marginBottom: 12 }} />
      <div className="skeleton" style={{ height: '6em' }} />
    </div>
  );
}
