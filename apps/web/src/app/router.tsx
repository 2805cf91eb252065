import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './layouts/require-auth.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';

/*
 * Every route and alias of 01 §2 and 02 §2. Each page is its own lazy chunk, so a route loads
 * only the code it needs. A screen whose feature has not landed shows a plain panel (soon).
 */

type TLazy = RouteObject['lazy'];

function soon(topic: string): TLazy {
  return async () => {
    const { ComingSoonPage } = await import('../features/site/pages/coming-soon-page.tsx');
    return { Component: () => <ComingSoonPage topic={topic} /> };
  };
}

/** The same screen at each of its paths (a route and its aliases). */
function at(paths: string[], lazy: TLazy): RouteObject[] {
  return paths.map((path) => ({ path, lazy }));
}

const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../features/site/pages/home-page.tsx') },
  ...at(['/home'], () => import('../features/site/pages/home-page.tsx')),
  ...at(['/search'], soon('Search')),
  ...at(['/terms'], soon('Terms of Use')),
  ...at(['/privacy'], soon('Privacy Policy')),
  ...at(['/support'], soon('Support')),
  ...at(['/login/:s?'], soon('Login')),
  ...at(['/logout'], () => import('../features/site/pages/logout-page.tsx')),
  ...at(['/register'], soon('Register')),
  ...at(['/recover'], soon('Recover Password')),
  ...at(['/reset/:t'], soon('Reset Password')),
  ...at(['/webinars', '/upcoming'], soon('Upcoming Live CE Webinars')),
  ...at(['/ondemand/:page?'], soon('On-Demand CE Webinars')),
  ...at(['/premium/:page?'], soon('Premium CE Courses')),
  ...at(['/podcasts/:page?'], soon('Dental Podcast Episodes')),
  ...at(['/blog/:page?'], soon('Dental Blog')),
  ...at(['/drilldowns/:page?'], soon('5-Minute Drill Down Videos')),
  ...at(['/tutorials/:page?'], soon('Product Training')),
  ...at(['/ebooks/:page?'], soon('Dental eBooks')),
  ...at(['/hello'], () => import('../features/site/pages/home-page.tsx')),
  ...at(['/classroom/:c?', '/on-demand-dental-ce-course/:c?'], soon('Classroom')),
  ...at(['/classroom-premium/:c?', '/premium-dental-ce-course/:c?'], soon('Course Preview')),
  ...at(['/classroom-reserve/:c?', '/reserve/:c?'], soon('Reserve Seat')),
  ...at(['/cancel-seat/:code?', '/cancel/:code?'], soon('Cancel Seat')),
  ...at(['/podcast/:ps/:p?', '/dental-podcasts/:s'], soon('Podcast')),
  ...at(['/blog-post/:blogId/:nolog?', '/dental-blog/:blogId/:nolog?'], soon('Dental Blog')),
  ...at(['/drilldown/:drilldownId/:nolog?', '/drill-down/:drilldownId/:nolog?'], soon('Drill Down')),
  ...at(['/verify/:number'], soon('Certificate Verification')),
];

const memberRoutes: RouteObject[] = [
  ...at(['/account'], soon('Account')),
  ...at(['/gdpr'], soon('GDPR Remove Consent')),
  ...at(['/seats', '/reserved'], soon('Reserved Seats')),
  ...at(['/pending/:page?', '/exams/:page?'], soon('CE in Progress')),
  ...at(['/queue/:page?'], soon('Watch Later')),
  ...at(['/completed/:page?', '/completed-exams/:page?'], soon('CE Completed')),
  ...at(['/tutorial-history/:page?'], soon('Viewed Tutorials')),
  ...at(['/classroom-live/:c?', '/live/:c?'], soon('Live Webinar')),
  ...at(['/classroom-affidavit/:c?', '/affidavit/:c?'], soon('Verification of Participation Affidavit')),
  ...at(['/sva/:c?'], soon('Sponsor Video')),
  ...at(['/survey/:c?'], soon('Survey')),
  ...at(['/eval/:c?'], soon('Evaluation')),
  ...at(['/eval-podcast/:p?'], soon('Evaluation')),
  ...at(['/exam/:c?'], soon('Exam')),
  ...at(['/exam-podcast/:p?'], soon('Exam')),
  ...at(['/done/:c?'], soon('Done')),
];

export const routes: RouteObject[] = [
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

export function createRouter() {
  return createBrowserRouter(routes);
}
