import { CeType, ClassType } from '@opence/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { createClass } from '../../../test/factories.ts';

/** A published live webinar of an hour, starting `startsInMin` from now (a day by default). */
export function createWebinar(db: Kysely<DB>, { startsInMin = 24 * 60 }: { startsInMin?: number } = {}) {
  return createClass(db, {
    type_id: ClassType.LIVE,
    ce_type_id: CeType.LIVE,
    release_at: new Date(Date.now() + startsInMin * 60_000).toISOString(),
    duration_min: 60,
  });
}
