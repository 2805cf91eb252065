import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TrackerTexts } from '@opence/shared';
import { ZUnsubscribeRemindersBody, ZUnsubscribeRemindersQuery } from '@opence/shared/schemas';
import { registerUnsubscribeRoutes } from '../../domain/unsubscribe.ts';
import type { TTrackerReminders } from './tracker.reminders.ts';

/**
 * The one-click unsubscribe of the CE deadline reminders (issue 37 row 11, RFC 8058), in a plugin
 * of its own: it reads form bodies, and the tracker's routes read multipart uploads.
 */
export const trackerUnsubscribeRoutes: FastifyPluginAsyncZod<{ reminders: TTrackerReminders }> = async (
  app,
  { reminders },
) => {
  registerUnsubscribeRoutes(app, {
    list: 'ce-reminders',
    tags: ['tracker'],
    summary: 'Stops the member’s CE deadline reminders',
    texts: {
      title: TrackerTexts.UNSUBSCRIBE_TITLE,
      prompt: TrackerTexts.UNSUBSCRIBE_PROMPT,
      button: TrackerTexts.UNSUBSCRIBE_BUTTON,
      invalid: TrackerTexts.UNSUBSCRIBE_INVALID,
    },
    query: ZUnsubscribeRemindersQuery,
    body: ZUnsubscribeRemindersBody,
    isValid: (t) => reminders.isValidToken(t),
    unsubscribe: (t) => reminders.unsubscribe(t),
  });
};
