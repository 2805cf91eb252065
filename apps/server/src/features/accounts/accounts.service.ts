import { createAccountsContext, type TAccountsDeps } from './accounts.context.ts';
import { createAccountHomeService } from './account-home.service.ts';
import { createEmailChangeService } from './email-change.service.ts';
import { createGdprService } from './gdpr.service.ts';
import { createPasswordsService } from './passwords.service.ts';
import { createProfileService } from './profile.service.ts';
import { createRegistrationService } from './registration.service.ts';
import { createSignInService } from './sign-in.service.ts';

/*
 * Accounts and sessions (01 §2, §5, §7; 03 §3): register, login, recover and reset, profile,
 * account home and CE report, GDPR erasure and the data export. Each sub-domain is a service of
 * its own in this folder; this one composes them into the service the routes are given.
 */

export function createAccountsService(deps: TAccountsDeps) {
  const context = createAccountsContext(deps);
  return {
    ...createSignInService(context),
    ...createRegistrationService(context),
    ...createPasswordsService(context),
    ...createProfileService(context),
    ...createEmailChangeService(context),
    ...createAccountHomeService(context),
    ...createGdprService(context),
  };
}

export type TAccountsService = ReturnType<typeof createAccountsService>;
