import { classroomPath, Texts } from '@opence/shared';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { LobbyContent } from '../components/lobby.tsx';

/** The grade the exam page hands over in the link (display only: the completion is on the server). */
function gradeFrom(value: string | null): number | null {
  const grade = Number(value);
  return value !== null && Number.isFinite(grade) && grade >= 0 && grade <= 100 ? Math.round(grade) : null;
}

/**
 * The post-exam lobby (02 §2 Lobbies; ours at /lobby, docs/decisions/0605): c or p names the
 * class or episode whose exam was passed, score its grade. Drill-downs and podcasts to go on with.
 */
export function Component() {
  const [search] = useSearchParams();
  const c = search.get('c') ?? undefined;
  const p = search.get('p') ?? undefined;
  const grade = gradeFrom(search.get('score'));
  usePageTitle(Texts.YOUR_EXAM_GRADE);
  return (
    <div className="container lobby-page">
      <p className="back-link">
        {c ? (
          <Link to={classroomPath(c)}>« {Texts.RETURN_TO_CLASSROOM}</Link>
        ) : (
          <Link to="/podcasts">« {Texts.PODCASTS_TITLE}</Link>
        )}
      </p>
      <section className="card lobby-congrats" aria-labelledby="lobby-title">
        <h1 id="lobby-title">{Texts.CONGRATULATIONS}</h1>
        {grade !== null && (
          <p className="lobby-grade">
            {Texts.YOUR_EXAM_GRADE}: <strong>{grade}%</strong>
          </p>
        )}
      </section>
      <LobbyContent lobby={{ kind: 'exam', c, p }} />
    </div>
  );
}
