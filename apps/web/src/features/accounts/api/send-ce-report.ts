import type { TStatusMessage } from '@opence/shared/schemas';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/send-ce-report (01 §7): mails the CE report. */
export const sendCeReport = () => apiGet<TStatusMessage>('send-ce-report');
