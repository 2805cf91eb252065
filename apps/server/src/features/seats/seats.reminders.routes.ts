import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Texts } from '@opence/shared';
import { ZUnsubscribeRemindersBody, ZUnsubscribeRemindersQuery } from '@opence/shared/schemas';
import { registerUnsubscribeRoutes } from '../../domain/unsubscribe.ts';
import type { TReminders } from './seats.reminders.ts';

export type TRemindersRoutesOptions = { reminders: TReminders };

/**
 * The one-click unsubscribe of webinar reminders and exam notices (issue 25, RFC 8058; issue 37
 * row 11). The signed token is the credential: no sign-in.
 */
export const remindersRoutes: FastifyPluginAsyncZod<TRemindersRoutesOptions> = async (app, { reminders }) => {
  registerUnsubscribeRoutes(app, {
    list: 'reminders',
    tags: ['seats'],
    summary: 'Stops the member’s webinar reminders and exam notices',
    texts: {
      title: Texts.REMINDERS_UNSUBSCRIBE_TITLE,
      prompt: Texts.REMINDERS_UNSUBSCRIBE_PROMPT,
      button: Texts.REMINDERS_UNSUBSCRIBE_BUTTON,
      invalid: Texts.REMINDERS_UNSUBSCRIBE_INVALID,
    },
    query: ZUnsubscribeRemindersQuery,
    body: ZUnsubscribeRemindersBody,
    isValid: (t) => reminders.isValidToken(t),
    unsubscribe: (t) => reminders.unsubscribe(t),
  });
};
