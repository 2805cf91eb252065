import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createServer } from 'node:http';
import type { TConfig } from './config.ts';
import { migrateToLatest, openDatabase, type TDatabase } from './db/database.ts';
import type { TQueryObserver } from './db/dialect/index.ts';
import { siteFilesRoutes } from './features/site/site-files.routes.ts';
import { siteRoutes } from './features/site/site.routes.ts';
import { createSiteService } from './features/site/site.service.ts';
import { bootFromApi, createFirstScreen } from './features/site/first-screen.ts';
import type { TStorage } from './lib/storage.ts';
import { openStorages } from './lib/storage-s3.ts';
import { registerAuth, routeAccess, type TAuthGuards } from './plugins/auth.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { clientErrorHandler, refusalText, registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { COMPRESS_FROM_BYTES, registerSecurity, securityHeaders } from './plugins/security.ts';
import { createPublicReplay, type TPublicReplay } from './lib/public-replay.ts';
import { createLoadShedder } from './lib/load-shedding.ts';
import { readWebBuild, registerWeb } from './plugins/web.ts';
import { pictureCopiesRoutes } from './features/site/picture-copies.routes.ts';
import { loggerOptions } from './lib/logger.ts';
import { createSessionCookie } from './lib/session-cookie.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { createAccountsService } from './features/accounts/accounts.service.ts';
import { twoFactorRoutes } from './features/accounts/two-factor.routes.ts';
import { createTwoFactorService } from './features/accounts/two-factor.service.ts';
import { createSmtpTransport, describeSmtpUrl } from './lib/mail/transport.ts';
import { createMailWorker, type TMailWorker } from './lib/mail/worker.ts';
import { memberListsRoutes } from './features/member-lists/member-lists.routes.ts';
import { createMemberListsService } from './features/member-lists/member-lists.service.ts';
import { blogRoutes } from './features/blog/blog.routes.ts';
import { createBlogService } from './features/blog/blog.service.ts';
import { drilldownsRoutes } from './features/drilldowns/drilldowns.routes.ts';
import { createDrilldownsService } from './features/drilldowns/drilldowns.service.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { eventsAdminRoutes } from './features/events/events.admin.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { createEventsService } from './features/events/events.service.ts';
import { questionsAdminRoutes } from './features/questions/questions.admin.routes.ts';
import { questionsRoutes } from './features/questions/questions.routes.ts';
import { createQuestionsService } from './features/questions/questions.service.ts';
import { eventScansAdminRoutes } from './features/events/events.scans.admin.routes.ts';
import { eventScansRoutes } from './features/events/events.scans.routes.ts';
import { createScansService } from './features/events/events.scans.service.ts';
import { agdWeeklyJob } from './features/admin/agd/agd.job.ts';
import { createAgdSubmissions } from './features/admin/agd/agd.service.ts';
import { podcastsRoutes } from './features/podcasts/podcasts.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { mediaAdminRoutes } from './features/media/media.admin.routes.ts';
import { createMediaService } from './features/media/media.service.ts';
import { createPodcastsService } from './features/podcasts/podcasts.service.ts';
import { adsRoutes } from './features/ads/ads.routes.ts';
import { createAdsService } from './features/ads/ads.service.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { createCatalogService } from './features/catalog/catalog.service.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { searchAdminRoutes } from './features/search/search.admin.routes.ts';
import { createSynonymsEditor } from './features/search/search.admin.service.ts';
import { createKeywordSearch } from './features/search/search.keywords.ts';
import { classroomRoutes } from './features/classroom/classroom.routes.ts';
import { createClassroomService } from './features/classroom/classroom.service.ts';
import { examsRoutes } from './features/exams/exams.routes.ts';
import { createExamsService } from './features/exams/exams.service.ts';
import { examsAdminRoutes } from './features/exams/exams.admin.routes.ts';
import { createExamEditor } from './features/exams/exams.admin.service.ts';
import { certificatesRoutes } from './features/certificates/certificates.routes.ts';
import { createCertificatesService } from './features/certificates/certificates.service.ts';
import { credentialsAdminRoutes } from './features/credentials/credentials.admin.routes.ts';
import { credentialsRoutes, didDocumentRoute } from './features/credentials/credentials.routes.ts';
import { createCredentialsService } from './features/credentials/credentials.service.ts';
import { createSearchService } from './features/search/search.service.ts';
import { createSynonymSource } from './features/search/search.synonyms.ts';
import { supportRoutes } from './features/support/support.routes.ts';
import { createSupportService } from './features/support/support.service.ts';
import { trackerRoutes } from './features/tracker/tracker.routes.ts';
import { trackerPlanRoutes } from './features/tracker/tracker.plan.routes.ts';
import { trackerAdminRoutes } from './features/tracker/tracker.admin.routes.ts';
import { trackerPurgeJob } from './features/tracker/tracker.purge.ts';
import { trackerUnsubscribeRoutes } from './features/tracker/tracker.unsubscribe.routes.ts';
import { createTrackerReminders, trackerRemindersJob } from './features/tracker/tracker.reminders.ts';
import { createTrackerService } from './features/tracker/tracker.service.ts';
import { officesRoutes } from './features/offices/offices.routes.ts';
import { createOfficesService } from './features/offices/offices.service.ts';
import { createOfficeRoster } from './features/offices/offices.roster.ts';
import { createOrganisationsService } from './features/offices/organisations.service.ts';
import { officeRemindersJob } from './features/offices/offices.reminders.ts';
import { createOcr } from './lib/ocr.ts';
import { seatsRoutes } from './features/seats/seats.routes.ts';
import { attendanceAdminRoutes } from './features/seats/seats.attendance.admin.routes.ts';
import { createAttendanceService } from './features/seats/seats.attendance.admin.service.ts';
import { createSeatsService } from './features/seats/seats.service.ts';
import { memberHomeRoutes } from './features/member-home/member-home.routes.ts';
import { createMemberHomeService } from './features/member-home/member-home.service.ts';
import { seatsJobs } from './features/seats/seats.jobs.ts';
import { createReminders, remindersJob } from './features/seats/seats.reminders.ts';
import { remindersRoutes } from './features/seats/seats.reminders.routes.ts';
import { webinarEvidenceRoutes } from './features/webinar-evidence/webinar-evidence.routes.ts';
import { webinarEvidenceAdminRoutes } from './features/webinar-evidence/webinar-evidence.admin.routes.ts';
import { createWebinarEvidenceService } from './features/webinar-evidence/webinar-evidence.service.ts';
import { createScheduler, type TScheduler } from './lib/jobs.ts';
import { pruneLoginLinksJob } from './domain/login-links.ts';
import { pruneRateLimitsJob } from './lib/rate-limit.ts';

/** How long an idle connection is kept open for the next request: Fastify's default. */
export const KEEP_ALIVE_MS = 72_000;
export const APP_VERSION = '0.9.5';

export type TAppDeps = { database: TDatabase; storage: TStorage; privateFiles: TStorage };

declare module 'fastify' {
  interface FastifyInstance {
    deps: TAppDeps;
    /** Route guards: optionalMember, requireMember, requireStaff. */
    guards: TAuthGuards;
    /** The outbox worker: started with the app, stopped on close; drainOutbox() for tests. */
    mail: TMailWorker;
    /** Scheduled jobs (claimed per run in job_runs): started with the app outside tests; runDue() for tests. */
    jobs: TScheduler;
    /** Public answers replayed by the HTTP server before the app's pipeline (lib/public-replay.ts). */
    publicReplay: TPublicReplay;
  }
}

/**
 * Builds the whole application: plugins first, then each feature, registered explicitly.
 * Opens and migrates the database; closing the app closes it.
 */
export async function buildApp(
  config: TConfig,
  options: {
    logStream?: { write: (line: string) => void };
    onQuery?: TQueryObserver;
    /** Sees every route as it registers (the fuzz tests read each route's schema from it). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<FastifyInstance> {
  const logger = loggerOptions(config.logLevel);
  const web = await readWebBuild(config.webDist);
  const headers = securityHeaders(config.publicUrl, web.inlineScriptHashes);
  const publicReplay = createPublicReplay({ headers, maxEntries: 500, compressFrom: COMPRESS_FROM_BYTES });
  const shedder = createLoadShedder(Object.assign({ headers }, config.loadShedding));
  const app = Fastify({
    serverFactory: (handler) =>
      Object.assign(
        createServer((request, response) => {
          // A replayed public answer costs less than a refusal would save: served even when busy.
          if (!publicReplay.serve(request, response) && shedder.admit(request, response))
            handler(request, response);
        }),
        // Fastify sets this only on a server it makes itself. Node's own 5 s closed idle
        // connections that a client or proxy was about to reuse (nginx keeps its upstream ones
        // 60 s), so a POST sent on one met a reset; a client's or proxy's idle time must end first.
        { keepAliveTimeout: KEEP_ALIVE_MS },
      ),
    // A test can collect the log lines to prove no secret reaches them.
    logger:
      options.logStream && typeof logger === 'object'
        ? Object.assign({}, logger, { stream: options.logStream })
        : logger,
    trustProxy: config.trustedProxies ?? false,
    bodyLimit: 1_048_576,
    // Refusals before routing (the HTTP parser's, a malformed URL) in the API's shape (03 §2).
    clientErrorHandler,
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      void (reply as FastifyReply).status(status).send({ status: false, msg: refusalText(status) });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onClose', async () => shedder.stop());

  const database = openDatabase(config.database, options.onQuery);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);
  // Every file the server keeps, on disk or in one S3-compatible bucket (issue 39, 1120).
  const {
    media: storage,
    privateFiles,
    kind: storageKind,
  } = await openStorages(config.mediaDir, config.objectStorage);
  app.decorate('deps', { database, storage, privateFiles });

  registerErrorHandling(app);
  await registerSecurity(app, { headers });
  app.decorate('publicReplay', publicReplay);
  await registerOpenApi(app, {
    version: APP_VERSION,
    publicUrl: config.publicUrl,
    accessOf: (route) => routeAccess(route, app.guards),
  });
  app.decorate('guards', registerAuth(app, database.db));

  const site = createSiteService(database.db);
  await app.register(siteRoutes, { prefix: '/api', site, db: database.db, dialect: database.dialect });
  // robots.txt, sitemap.xml, security.txt and favicon.ico at the root (issue 37 row 12).
  await app.register(siteFilesRoutes, {
    db: database.db,
    site,
    publicUrl: config.publicUrl,
    readIcon: web.readIcon,
  });

  const mail = createMailWorker({
    db: database.db,
    transport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null,
    from: config.mailFrom,
    log: app.log.child({ module: 'mail' }),
  });
  app.decorate('mail', mail);
  app.addHook('onReady', async () => {
    app.log.info(
      { smtp: config.smtpUrl ? describeSmtpUrl(config.smtpUrl) : null },
      config.smtpUrl ? 'mail worker started' : 'no SMTP_URL: mail stays in the outbox',
    );
    mail.start();
  });
  app.addHook('preClose', async () => mail.stop());

  const twoFactor = createTwoFactorService({
    db: database.db,
    brand: async () => (await site.settings()).brand,
  });
  const accounts = createAccountsService({
    db: database.db,
    twoFactor,
    publicUrl: config.publicUrl,
    brand: async () => (await site.settings()).brand,
    mailQueued: () => mail.wake(),
    // The CE report carries the PDF transcript; called per request, after certificates exists.
    ceReportAttachments: async (_report, member) => [await certificates.transcriptAttachment(member.id)],
    // The erased member's uploaded certificates leave the disk with their rows (issue 23).
    afterErasure: async (memberId) => {
      await tracker.deleteMemberFiles(memberId);
      // An office or organisation whose last manager was erased goes too, with notice (issue 43).
      await organisations.afterErasure();
    },
  });
  await app.register(accountsRoutes, {
    prefix: '/api',
    accounts,
    sessionCookie: createSessionCookie(config.publicUrl),
  });
  await app.register(twoFactorRoutes, { prefix: '/api', twoFactor });

  const memberLists = createMemberListsService({ db: database.db, publicUrl: config.publicUrl });
  await app.register(memberListsRoutes, { prefix: '/api', memberLists });

  await app.register(blogRoutes, { prefix: '/api', blog: createBlogService({ db: database.db }) });
  await app.register(drilldownsRoutes, {
    prefix: '/api',
    drilldowns: createDrilldownsService({ db: database.db }),
  });

  // Catalog, search, ads and support read the site settings through the site's short cache.
  const settings = async () => (await site.settings()).raw;
  const ads = createAdsService({ db: database.db, settings });
  await app.register(adsRoutes, { prefix: '/api', ads });
  // The lists find keywords through search's engine (domain/search.ts, docs/decisions/0005).
  const synonyms = createSynonymSource(database.db);
  const keywords = createKeywordSearch({ db: database.db, dialect: database.dialect, synonyms });
  const catalog = createCatalogService({
    db: database.db,
    dialect: database.dialect,
    keywords,
    settings,
    mobileAds: ads.mobileAdsForLists,
  });
  await app.register(catalogRoutes, { prefix: '/api', catalog });
  await app.register(searchRoutes, {
    prefix: '/api',
    search: createSearchService({ db: database.db, catalog: catalog.search, keywords, synonyms }),
  });
  await app.register(searchAdminRoutes, {
    prefix: '/api',
    editor: createSynonymsEditor({ db: database.db, synonyms }),
  });
  const support = createSupportService({ db: database.db, settings, mailQueued: () => mail.wake() });
  await app.register(supportRoutes, { prefix: '/api', support });

  // The learning flow: the exam calls read the member's record on a class through the classroom.
  const classroom = createClassroomService({ db: database.db, settings, publicUrl: config.publicUrl });
  await app.register(classroomRoutes, { prefix: '/api', classroom });
  const exams = createExamsService({
    db: database.db,
    studentData: classroom.studentData,
    publicUrl: config.publicUrl,
  });
  await app.register(examsRoutes, { prefix: '/api', exams });
  await app.register(examsAdminRoutes, { prefix: '/api', exams: createExamEditor({ db: database.db }) });
  // A podcast page shows the member's record on the episode as the classroom reads it.
  const podcasts = createPodcastsService({
    db: database.db,
    publicUrl: config.publicUrl,
    studentData: (memberId, subject) => classroom.studentData(memberId, subject),
  });
  await app.register(podcastsRoutes, { prefix: '/api', podcasts });
  const media = createMediaService({ db: database.db });
  await app.register(mediaRoutes, { prefix: '/api', media });
  await app.register(mediaAdminRoutes, { prefix: '/api', media });
  const certificates = createCertificatesService({
    db: database.db,
    settings,
    publicUrl: config.publicUrl,
    media: storage,
    mailQueued: () => mail.wake(),
    // Open Badges credentials (issue 40): issued with the certificate, revocation on its verification.
    credentialIssued: async (completionId) => void (await credentials.issue(completionId)),
    revocationOf: (completionId) => credentials.revocation(completionId),
    // In-person scan evidence on the verify page (issue 42).
    eventEvidenceOf: (completionId) => scans.evidenceOfCompletion(completionId),
  });
  await app.register(certificatesRoutes, { prefix: '/api', certificates });
  const credentials = createCredentialsService({
    db: database.db,
    publicUrl: config.publicUrl,
    keySecret: config.credentialKeySecret,
    certificateFacts: (certificateNumber) => certificates.credentialFacts(certificateNumber),
  });
  await app.register(credentialsRoutes, { prefix: '/api', credentials });
  await app.register(credentialsAdminRoutes, { prefix: '/api', credentials });
  await app.register(didDocumentRoute, { credentials });
  // The CE tracker: uploaded certificates live in the private storage, never under /media (issue 23).
  const tracker = createTrackerService({
    db: database.db,
    files: privateFiles,
    siteCertificate: (memberId, completionId) => certificates.memberPdf(memberId, completionId),
    siteProvider: () => certificates.providerApproval(),
    // In-person scan evidence, a page per credit in the audit pack (issue 42).
    evidencePageOf: (completionId, certificateNumber) =>
      scans.evidencePageOf(completionId, certificateNumber),
    // The audit pack's transcript as a signed credential (issue 40, docs/decisions/1134).
    signCredential: (unsigned) => credentials.signDocument(unsigned),
    dialect: database.dialect,
    settings,
    // Importing other providers' certificates (issue 41): OCR off the event loop, a few at a time.
    ocr: createOcr(config.ocr),
    verifyCredential: (credential) => credentials.verify(credential),
  });
  await app.register(trackerRoutes, { prefix: '/api', tracker });
  await app.register(trackerAdminRoutes, { prefix: '/api', tracker });
  // Offices (issue 43): the board reads the tracker's own licences and standing.
  const offices = createOfficesService({
    db: database.db,
    dialect: database.dialect,
    publicUrl: config.publicUrl,
    brand: async () => (await site.settings()).brand,
    mailQueued: () => mail.wake(),
    licencesOf: (memberId) => tracker.licencesOf(memberId),
    standingFor: (memberId, licenceId) => tracker.standingFor(memberId, licenceId),
  });
  // The DSO level (decision 1168): organisations reach their offices through the offices service.
  const organisations = createOrganisationsService({
    db: database.db,
    dialect: database.dialect,
    publicUrl: config.publicUrl,
    brand: async () => (await site.settings()).brand,
    mailQueued: () => mail.wake(),
    offices,
  });
  await app.register(officesRoutes, {
    prefix: '/api',
    offices,
    organisations,
    roster: createOfficeRoster(offices, organisations),
  });

  // In-person events: members claim by code; staff create them in the console (issue 25).
  // Scan-in and scan-out with rotating door codes (issue 42); a scanning event's claim is its entry.
  const scans = createScansService({
    db: database.db,
    dialect: database.dialect,
    publicUrl: config.publicUrl,
  });
  const events = createEventsService({
    db: database.db,
    dialect: database.dialect,
    publicUrl: config.publicUrl,
    settings,
    scans,
  });
  await app.register(eventsRoutes, { prefix: '/api', events });
  await app.register(eventsAdminRoutes, { prefix: '/api', events });
  await app.register(eventScansRoutes, { prefix: '/api', scans });
  await app.register(eventScansAdminRoutes, { prefix: '/api', scans });

  // Questions to a webinar's presenter: members ask and vote, the console answers (issue 42).
  const questions = createQuestionsService({ db: database.db });
  await app.register(questionsRoutes, { prefix: '/api', questions });
  await app.register(questionsAdminRoutes, { prefix: '/api', questions });

  // The staff console: other features' services are passed in, never imported by it.
  const agdSubmissions = createAgdSubmissions({ db: database.db });
  await app.register(adminRoutes, {
    prefix: '/api',
    db: database.db,
    dialect: database.dialect,
    storage,
    agd: agdSubmissions,
    invalidateSettings: site.invalidate,
    mailQueued: () => mail.wake(),
    memberActions: {
      sendPasswordReset: async (member, ip) => {
        await accounts.requestPasswordReset({ u: member.username }, ip);
      },
      // Staff send on the member's behalf: there is no session of theirs to name.
      resendCertificate: ({ member, classHash, podcastHash }) =>
        certificates.send(
          Object.assign({}, member, { sessionId: '', secondFactorAt: null }),
          {
            c: classHash ?? undefined,
            p: podcastHash ?? undefined,
          },
          { byStaff: true },
        ),
      eraseMember: async (memberId) => {
        await accounts.eraseById(memberId);
      },
    },
  });

  // Live webinars: seats and waitlist, the room's calls, and their scheduled jobs.
  const seats = createSeatsService({
    db: database.db,
    dialect: database.dialect,
    publicUrl: config.publicUrl,
    siteSettings: site.settings,
    mailQueued: () => mail.wake(),
  });
  await app.register(seatsRoutes, { prefix: '/api', seats });
  // The tracker's renewal plan books seats and writes its calendar through the seats feature (issue 41).
  await app.register(trackerPlanRoutes, {
    prefix: '/api',
    plans: tracker.plans({
      reserveSeat: (memberId, hash) => seats.reserve(memberId, hash),
      calendarOf: (entries) => seats.calendarOf(entries),
    }),
  });
  await app.register(attendanceAdminRoutes, {
    prefix: '/api',
    attendance: createAttendanceService({ db: database.db }),
  });
  // Webinar evidence (issue 42): polls in the room and the console, the credit rule.
  const webinarEvidence = createWebinarEvidenceService({ db: database.db });
  await app.register(webinarEvidenceRoutes, { prefix: '/api', evidence: webinarEvidence });
  await app.register(webinarEvidenceAdminRoutes, { prefix: '/api', evidence: webinarEvidence });
  // The signed-in member's home: the lists above, in one answer (issue 22, decision 1005).
  const memberHome = createMemberHomeService({
    db: database.db,
    pending: (memberId) => memberLists.pending(memberId, 0),
    seats: (memberId) => seats.memberSeats(memberId),
    licences: (member) => tracker.licences(member),
    standing: (member, licenceId) => tracker.standing(member, licenceId),
    assignments: (memberId) => offices.assignmentsOf(memberId),
  });
  await app.register(memberHomeRoutes, { prefix: '/api', memberHome });
  const reminders = createReminders({
    db: database.db,
    publicUrl: config.publicUrl,
    brand: async () => (await site.settings()).brand,
    mailQueued: () => mail.wake(),
  });
  await app.register(remindersRoutes, { prefix: '/api', reminders });
  const trackerReminders = createTrackerReminders({
    db: database.db,
    tracker,
    publicUrl: config.publicUrl,
    brand: async () => (await site.settings()).brand,
    mailQueued: () => mail.wake(),
  });
  // CE deadline reminders carry a one-click unsubscribe (issue 37 row 11).
  await app.register(trackerUnsubscribeRoutes, { prefix: '/api', reminders: trackerReminders });
  const jobs = createScheduler({
    db: database.db,
    log: app.log.child({ module: 'jobs' }),
    jobs: seatsJobs({
      db: database.db,
      publicUrl: config.publicUrl,
      brand: async () => (await site.settings()).brand,
      mailQueued: () => mail.wake(),
    }).concat(
      agdWeeklyJob(agdSubmissions),
      pruneRateLimitsJob(database.db),
      pruneLoginLinksJob(database.db),
      remindersJob(reminders),
      trackerRemindersJob(trackerReminders),
      trackerPurgeJob(tracker),
      officeRemindersJob(offices),
    ),
  });
  app.decorate('jobs', jobs);
  // Tests run the jobs themselves (runDue), at the moments they choose.
  if (!config.isTest) app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());

  await app.register(pictureCopiesRoutes, { storage });
  await registerWeb(app, {
    web,
    media: storageKind === 'local' ? { dir: config.mediaDir } : { storage },
    page:
      web.page === null
        ? null
        : createFirstScreen(web.page, {
            site,
            boot: bootFromApi((url, token) =>
              app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} }),
            ),
            renderer: web.renderer,
            log: app.log,
          }),
  });
  return app;
}
