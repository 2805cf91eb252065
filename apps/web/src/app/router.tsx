import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './layouts/require-auth.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';
import { catalogRoute, homeRoute, searchRoute } from './routes/catalog-routes.tsx';

/*
 * Every route and alias of 01 §2 and 02 §2. Each page is its own lazy chunk, so a route loads
 * only the code it needs.
 */

type TLazy = RouteObject['lazy'];

/** The same screen at each of its paths (a route and its aliases). */
function at(paths: string[], lazy: TLazy): RouteObject[] {
  return paths.map((path) => ({ path, lazy }));
}

const publicRoutes: RouteObject[] = [
  { index: true, lazy: homeRoute },
  ...at(['/home'], homeRoute),
  ...at(['/search'], searchRoute),
  ...at(['/terms'], () => import('../features/site/pages/terms-page.tsx')),
  ...at(['/privacy'], () => import('../features/site/pages/privacy-page.tsx')),
  ...at(['/accessibility'], () => import('../features/site/pages/accessibility-page.tsx')),
  ...at(['/support'], () => import('../features/support/pages/support-page.tsx')),
  ...at(['/login/:s?'], () => import('../features/accounts/pages/login-page.tsx')),
  ...at(['/logout'], () => import('../features/site/pages/logout-page.tsx')),
  ...at(['/register'], () => import('../features/accounts/pages/register-page.tsx')),
  ...at(['/recover'], () => import('../features/accounts/pages/recover-page.tsx')),
  ...at(['/reset/:t'], () => import('../features/accounts/pages/reset-page.tsx')),
  ...at(['/gdpr/confirm/:t'], () => import('../features/accounts/pages/gdpr-confirm-page.tsx')),
  ...at(['/email/confirm/:t'], () => import('../features/accounts/pages/email-confirm-page.tsx')),
  ...at(
    ['/webinars', '/upcoming'],
    catalogRoute(() => import('../features/catalog/pages/upcoming-page.tsx')),
  ),
  ...at(
    ['/ondemand/:page?'],
    catalogRoute(() => import('../features/catalog/pages/ondemand-page.tsx')),
  ),
  ...at(['/premium/:page?'], () => import('../features/catalog/pages/premium-page.tsx')),
  ...at(
    ['/podcasts/:page?'],
    catalogRoute(() => import('../features/catalog/pages/podcasts-page.tsx')),
  ),
  ...at(
    ['/blog/:page?'],
    catalogRoute(() => import('../features/catalog/pages/blog-page.tsx')),
  ),
  ...at(
    ['/drilldowns/:page?'],
    catalogRoute(() => import('../features/catalog/pages/drilldowns-page.tsx')),
  ),
  ...at(
    ['/tutorials/:page?'],
    catalogRoute(() => import('../features/catalog/pages/tutorials-page.tsx')),
  ),
  ...at(['/ebooks/:page?'], () => import('../features/catalog/pages/ebooks-page.tsx')),
  ...at(['/hello'], homeRoute),
  ...at(['/classroom/:c?', '/on-demand-dental-ce-course/:c?'], () => import('./routes/classroom-route.tsx')),
  ...at(
    ['/classroom-premium/:c?', '/premium-dental-ce-course/:c?'],
    () => import('./routes/course-preview-route.tsx'),
  ),
  ...at(['/classroom-reserve/:c?', '/reserve/:c?'], () => import('./routes/reserve-route.tsx')),
  ...at(
    ['/cancel-seat/:code?', '/cancel/:code?'],
    () => import('../features/seats/pages/cancel-seat-page.tsx'),
  ),
  ...at(['/podcast/:ps/:p?', '/dental-podcasts/:s'], () => import('./routes/podcast-route.tsx')),
  ...at(
    ['/blog-post/:blogId/:nolog?', '/dental-blog/:blogId/:nolog?'],
    () => import('../features/blog/pages/blog-post-page.tsx'),
  ),
  ...at(
    ['/drilldown/:drilldownId/:nolog?', '/drill-down/:drilldownId/:nolog?'],
    () => import('./routes/drilldown-route.tsx'),
  ),
  ...at(['/verify/:number', '/verify'], () => import('../features/certificates/pages/verify-page.tsx')),
  // A visitor from the poster's QR link sees the event and signs in from there (issue 36).
  ...at(['/claim/:code?'], () => import('../features/events/pages/claim-page.tsx')),
  // The door screen's QR at an in-person event that uses scanning (issue 42).
  ...at(['/scan/:code?'], () => import('../features/events/pages/scan-page.tsx')),
];

const memberRoutes: RouteObject[] = [
  ...at(['/account'], () => import('../features/accounts/pages/account-page.tsx')),
  ...at(['/gdpr'], () => import('../features/accounts/pages/gdpr-page.tsx')),
  ...at(['/seats', '/reserved'], () => import('../features/seats/pages/seats-page.tsx')),
  ...at(
    ['/pending/:page?', '/exams/:page?'],
    () => import('../features/member-lists/pages/pending-page.tsx'),
  ),
  ...at(['/queue/:page?'], () => import('../features/member-lists/pages/queue-page.tsx')),
  ...at(['/completed/:page?', '/completed-exams/:page?'], () => import('./routes/completed-route.tsx')),
  ...at(
    ['/tutorial-history/:page?'],
    () => import('../features/member-lists/pages/tutorial-history-page.tsx'),
  ),
  ...at(['/classroom-live/:c?', '/live/:c?'], () => import('./routes/live-route.tsx')),
  ...at(['/classroom-affidavit/:c?', '/affidavit/:c?'], () => import('./routes/affidavit-route.tsx')),
  ...at(['/sva/:c?'], () => import('../features/exams/pages/sponsor-video-page.tsx')),
  ...at(['/survey/:c?'], () => import('../features/exams/pages/survey-page.tsx')),
  ...at(['/eval/:c?'], () => import('../features/exams/pages/evaluation-page.tsx')),
  ...at(['/in-person/:c?'], () => import('./routes/claimed-event-route.tsx')),
  ...at(['/eval-podcast/:p?'], () => import('../features/exams/pages/evaluation-podcast-page.tsx')),
  ...at(['/exam/:c?'], () => import('../features/exams/pages/exam-page.tsx')),
  ...at(['/exam-podcast/:p?'], () => import('../features/exams/pages/exam-podcast-page.tsx')),
  ...at(['/done/:c?'], () => import('../features/exams/pages/done-page.tsx')),
  ...at(['/lobby'], () => import('../features/podcasts/pages/lobby-page.tsx')),
  ...at(['/tracker'], () => import('../features/tracker/pages/tracker-page.tsx')),
  ...at(['/tracker/plan/:id'], () => import('../features/tracker/pages/plan-page.tsx')),
  ...at(['/office'], () => import('../features/offices/pages/offices-page.tsx')),
  ...at(['/office-join'], () => import('../features/offices/pages/office-join-page.tsx')),
  ...at(['/organisation-join'], () => import('../features/offices/pages/organisation-join-page.tsx')),
  ...at(['/downloads'], () => import('../features/offline/pages/downloads-page.tsx')),
];

export const routes: RouteObject[] = [
  // The staff console: its own layout and its own chunk, never downloaded by members.
  { path: '/admin/*', lazy: () => import('../features/admin/admin-app.tsx') },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { errorElement: <RouteError />, children: publicRoutes },
      { element: <RequireAuth />, errorElement: <RouteError />, children: memberRoutes },
      { path: '/404', lazy: () => import('../features/site/pages/not-found-page.tsx') },
      { path: '*', lazy: () => import('../features/site/pages/not-found-page.tsx') },
    ],
  },
];

export function createRouter(options?: Parameters<typeof createBrowserRouter>[1]) {
  return createBrowserRouter(routes, options);
}
