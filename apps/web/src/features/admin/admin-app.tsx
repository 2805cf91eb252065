import { loginRedirectPath } from '@opence/shared';
import { ADMIN_ENTITIES } from '@opence/shared/schemas';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/feedback.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ApiRequestError, apiPost } from '../../lib/api-client.ts';
import { signOut, useSession } from '../../lib/auth.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useAdminMe } from './api/operations.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { AgdPage } from './pages/agd-page.tsx';
import { AttendancePage } from './pages/attendance-page.tsx';
import { EventDoorPage } from './pages/event-door-page.tsx';
import { WebinarPollsPage } from './pages/webinar-polls-page.tsx';
import { EventPage } from './pages/event-page.tsx';
import { EventsPage } from './pages/events-page.tsx';
import { SynonymsPage } from './pages/synonyms-page.tsx';
import { AuditPage } from './pages/audit-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { EntityEditPage } from './pages/entity-edit-page.tsx';
import { EntityListPage } from './pages/entity-list-page.tsx';
import { EvaluationsPage } from './pages/evaluations-page.tsx';
import { ExamPage } from './pages/exam-page.tsx';
import { FormPage } from './pages/form-page.tsx';
import { MemberPage } from './pages/member-page.tsx';
import { MediaTextPage } from './pages/media-text-page.tsx';
import { MembersPage } from './pages/members-page.tsx';
import { OutboxPage } from './pages/outbox-page.tsx';
import { RecordingPage } from './pages/recording-page.tsx';
import { SeatsPage } from './pages/seats-page.tsx';
import { SponsorsPage } from './pages/sponsors-page.tsx';
import { SurveyQuestionsPage } from './pages/survey-questions-page.tsx';
import { TrackerRulePage } from './pages/tracker-rule-page.tsx';
import { TrackerRulesPage } from './pages/tracker-rules-page.tsx';
import { CredentialsPage } from './pages/credentials-page.tsx';
import { WebinarQuestionsPage } from './pages/webinar-questions-page.tsx';
import './admin.css';

/*
 * The staff console (03 §10): its own chunk (the router imports it lazily), its own layout and
 * its own styles, so members never download it. The server decides who is staff; a member who
 * opens /admin is told it is not for them.
 */

function NotAllowed() {
  usePageTitle('Staff only');
  return (
    <main id="main" className="container not-found">
      <h1>Staff only</h1>
      <p>This part of the site is for the staff who run it.</p>
      <Link className="btn" to="/home">
        Home
      </Link>
    </main>
  );
}

/** A staff session without the second factor (a login link, an older session): sign in again. */
function SignInWithCode({ text }: { text: string }) {
  usePageTitle('Staff only');
  const navigate = useNavigate();
  return (
    <main id="main" className="container not-found">
      <h1>Sign in again</h1>
      <p>{text}</p>
      <button
        type="button"
        className="btn"
        onClick={() =>
          void apiPost('logout')
            .catch(() => undefined)
            .then(() => {
              signOut();
              navigate(loginRedirectPath('/admin'));
            })
        }
      >
        Sign in
      </button>
    </main>
  );
}

function NotFoundInConsole() {
  return (
    <div className="admin-page">
      <h1>Page Not Found</h1>
      <p>
        This console page does not exist. <Link to="/admin">Dashboard</Link>
      </p>
    </div>
  );
}

function Console() {
  const me = useAdminMe();
  const location = useLocation();
  if (me.isPending) return <Spinner label="Loading the staff console…" />;
  if (me.error instanceof ApiRequestError && me.error.status === 401) {
    return <Navigate to={loginRedirectPath(location.pathname)} replace />;
  }
  if (me.error instanceof ApiRequestError && me.error.status === 403) {
    // Staff without a second factor set up go to set it up; with one, sign in with it (0920).
    const secondFactor = me.error.body?.secondFactor;
    if (secondFactor === 'enrol') return <Navigate to="/account?tab=password" replace />;
    if (secondFactor === 'code') return <SignInWithCode text={me.error.message} />;
    return <NotAllowed />;
  }
  if (!me.data) return <LoadError text={me.error?.message} onRetry={() => void me.refetch()} />;

  return (
    <Routes>
      <Route element={<AdminLayout me={me.data} />}>
        <Route index element={<DashboardPage />} />
        {ADMIN_ENTITIES.map((e) => [
          <Route key={e.key} path={e.key} element={<EntityListPage entityKey={e.key} />} />,
          <Route
            key={`${e.key}-row`}
            path={`${e.key}/:id`}
            element={<EntityEditPage key={e.key} entityKey={e.key} />}
          />,
        ])}
        <Route path="classes/:id/exam" element={<ExamPage owner="classes" />} />
        <Route path="podcasts/:id/exam" element={<ExamPage owner="podcasts" />} />
        <Route path="classes/:id/seats" element={<SeatsPage />} />
        <Route path="classes/:id/attendance" element={<AttendancePage />} />
        <Route path="classes/:id/polls" element={<WebinarPollsPage key="prepare" mode="prepare" />} />
        <Route path="classes/:id/run" element={<WebinarPollsPage key="run" mode="run" />} />
        <Route path="classes/:id/recording" element={<RecordingPage />} />
        <Route path="classes/:id/webinar-questions" element={<WebinarQuestionsPage />} />
        <Route path="classes/:id/evaluations" element={<EvaluationsPage owner="classes" />} />
        <Route path="podcasts/:id/evaluations" element={<EvaluationsPage owner="podcasts" />} />
        <Route path="surveys/:id/questions" element={<SurveyQuestionsPage />} />
        <Route path="settings" element={<FormPage key="settings" path="settings" />} />
        <Route path="featured" element={<FormPage key="featured" path="featured" />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="members/:id" element={<MemberPage me={me.data} />} />
        <Route path="sponsors" element={<SponsorsPage />} />
        <Route path="agd" element={<AgdPage />} />
        <Route path="outbox" element={<OutboxPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="media-text" element={<MediaTextPage />} />
        <Route path="tracker-rules" element={<TrackerRulesPage />} />
        <Route path="tracker-rules/:id" element={<TrackerRulePage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="events/:id" element={<EventPage />} />
        <Route path="events/:id/door" element={<EventDoorPage />} />
        <Route path="search-synonyms" element={<SynonymsPage />} />
        <Route path="credentials" element={<CredentialsPage />} />
        <Route path="*" element={<NotFoundInConsole />} />
      </Route>
    </Routes>
  );
}

export function Component() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginRedirectPath(location.pathname + location.search)} replace />;
  return <Console />;
}
