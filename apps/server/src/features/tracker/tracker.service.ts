import { nowIso } from '../../lib/ids.ts';
import { createTrackerAdmin } from './tracker.admin.service.ts';
import { createTrackerAuditPacks } from './tracker.audit-pack.service.ts';
import { createTrackerCertificates } from './tracker.certificates.service.ts';
import { createCertificateImports, type TImportDeps } from './tracker.import.service.ts';
import { createTrackerContext, UNDO_MS, type TTrackerDeps } from './tracker.context.ts';
import { createTrackerLicences } from './tracker.licences.service.ts';
import { createTrackerPlans, type TPlanDeps } from './tracker.plan.service.ts';
import { createTrackerStandings } from './tracker.standing.service.ts';
import * as certificatesRepo from './tracker.certificates.repo.ts';
import * as licencesRepo from './tracker.licences.repo.ts';

/*
 * The CE tracker: a member's licences and uploaded certificates (always reached through the
 * session's member id, so another member's id finds nothing), where they stand for a licence's
 * period (the shared requirement engine over the site's completions and the uploads), and free
 * courses for what is missing. One service made of its parts, each in the file its name gives:
 * tracker.licences / .standing / .audit-pack / .certificates / .admin (the console) .service.ts.
 */

export function createTrackerService(deps: TTrackerDeps & TImportDeps) {
  const ctx = createTrackerContext(deps);
  const { db, files } = ctx;
  const standings = createTrackerStandings(ctx);
  const certificates = createTrackerCertificates(ctx);
  const imports = createCertificateImports(ctx, certificates, deps);
  return {
    /**
     * Removes what was deleted before the undo window: certificate rows and then their files (a
     * restore between the two finds no row to restore), and licences; and abandoned imports'
     * files. Returns how many went.
     */
    async purgeDeleted(at: Date) {
      const before = nowIso(new Date(at.getTime() - UNDO_MS));
      let removed = 0;
      for (const row of await certificatesRepo.selectPurgeableCertificates(db, before, 500)) {
        if (!(await certificatesRepo.purgeCertificate(db, row.id, before))) continue;
        removed += 1;
        if (row.storage_key) await files.delete(row.storage_key);
      }
      const licences = await licencesRepo.purgeLicences(db, before);
      // And the imports nobody confirmed (issue 41, decision 1138).
      const abandoned = await imports.purgeAbandonedImports(at);
      return { certificates: removed, licences, imports: abandoned };
    },
    /** The renewal plan (issue 41), with the seats feature's reservation and calendar writer from app.ts. */
    plans: (planDeps: TPlanDeps) => createTrackerPlans(ctx, standings, planDeps),
    ...createTrackerLicences(ctx),
    ...standings,
    ...createTrackerAuditPacks(ctx, standings),
    ...certificates,
    ...imports,
    ...createTrackerAdmin(ctx),
  };
}

export type TTrackerService = ReturnType<typeof createTrackerService>;
