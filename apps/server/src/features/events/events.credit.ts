import type { Transaction } from 'kysely';
import { CeType } from '@opence/shared';
import type { DB } from '../../db/types.ts';
import { newCertificateNumber, newId } from '../../lib/ids.ts';
import * as repo from './events.repo.ts';

/**
 * An event's credit for a member: the gradebook row, the completion (delivery in_person) and the
 * claim row that ties them to the event. Made by a claim (issue 25) or, for an event that uses
 * scanning, once the member's presence meets its minimum (issue 42). Returns the certificate
 * number, or null when the member had the credit already (a concurrent write).
 */
export async function insertEventCredit(
  trx: Transaction<DB>,
  event: { id: string; class_id: string; credits: number | string; agd_code: string | null },
  memberId: string,
  atIso: string,
): Promise<string | null> {
  const completionId = newId();
  const certificateNumber = newCertificateNumber();
  await repo.insertGradebook(trx, {
    id: newId(),
    member_id: memberId,
    class_id: event.class_id,
    ce_type_id: CeType.LIVE,
    view_count: 1,
    last_viewed_at: atIso,
    eval_taken_at: atIso,
    started_at: atIso,
    ended_at: atIso,
    attended: 1,
    created_at: atIso,
  });
  await repo.insertCompletion(trx, {
    id: completionId,
    memberId,
    classId: event.class_id,
    credits: Number(event.credits),
    ceTypeId: CeType.LIVE,
    agdCode: event.agd_code,
    certificateNumber,
    at: atIso,
  });
  const isNew = await repo.insertClaim(trx, {
    event_id: event.id,
    member_id: memberId,
    completion_id: completionId,
    created_at: atIso,
  });
  return isNew ? certificateNumber : null;
}
