import type { TEvidencePage } from '../../domain/evidence-page.ts';
import type { Kysely } from 'kysely';
import { TRACKER_UNDO_MINUTES } from '@opence/shared';
import type { DB } from '../../db/types.ts';
import { nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import type { TStorage } from '../../lib/storage.ts';
import type { TDialectName } from '../../db/dialect/index.ts';
import { notFound } from '../../lib/api-errors.ts';
import { certificateFileName, presentRule } from './tracker.presenter.ts';
import type { TCertificateRow } from './tracker.certificates.repo.ts';
import * as licencesRepo from './tracker.licences.repo.ts';
import * as rulesRepo from './tracker.rules.repo.ts';

/*
 * What the tracker's parts share: its dependencies, the clock, a state's rule, the member's own
 * licence (always reached through the session's member id, so another member's id finds nothing)
 * and an uploaded file's bytes.
 */

export const UNDO_MS = TRACKER_UNDO_MINUTES * 60_000;
/** Where imported certificates wait for the member's confirmation (issue 41, decision 1138). */
export const IMPORTS_FOLDER = 'tracker-imports';

export type TTrackerDeps = {
  db: Kysely<DB>;
  /** The private storage of uploaded certificate files. */
  files: TStorage;
  /** The site's own certificate PDF of one of the member's completions (the certificates feature's). */
  siteCertificate?: (
    memberId: string,
    completionId: string,
  ) => Promise<{ bytes: Uint8Array; fileName: string } | null>;
  /** This site as a provider: the approval its certificates carry (the audit pack's approval column). */
  siteProvider?: () => Promise<{ approval: string | null }>;
  /** Issue 42: the audit pack's evidence page of a live credit (the events feature's), or null. */
  evidencePageOf?: (completionId: string, certificateNumber: string) => Promise<TEvidencePage | null>;
  /** Signs a credential as the provider (the credentials feature's): the transcript per renewal cycle. */
  signCredential?: (unsigned: Record<string, unknown>) => Promise<Record<string, unknown>>;
  now?: () => Date;
  /** Where the member's row is locked for the storage allowance (0932); 'sqlite' without. */
  dialect?: TDialectName;
  /** The site settings (the storage allowance); its defaults without. */
  settings?: () => Promise<Record<string, string>>;
};

export function createTrackerContext(deps: TTrackerDeps) {
  const { db, files } = deps;
  const now = () => deps.now?.() ?? new Date();
  const today = () => nowIso(now()).slice(0, 10);

  async function ruleFor(state: string, licenceType: string) {
    const row = await rulesRepo.selectRule(db, state, licenceType);
    return row ? presentRule(row) : null;
  }

  async function ownLicence(member: TSessionMember, id: string) {
    const row = await licencesRepo.selectLicence(db, member.id, id);
    if (!row) throw notFound();
    return row;
  }

  async function readFile(row: TCertificateRow) {
    if (!row.storage_key || !row.content_type) throw notFound();
    const bytes = await files.get(row.storage_key);
    if (!bytes) throw notFound();
    // Named by what the file is, not by what the uploader called it (issue 37 row 4).
    return {
      bytes,
      contentType: row.content_type,
      name: certificateFileName(row.original_name, row.content_type),
    };
  }

  return { deps, db, files, now, today, ruleFor, ownLicence, readFile };
}

export type TTrackerContext = ReturnType<typeof createTrackerContext>;
