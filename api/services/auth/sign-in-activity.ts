/**
 * What a completed sign-in leaves behind for the customer (issue #25): a line in Account activity with the time, the
 * client address and the browser and system, and an email when the browser is one the user never signed in from.
 */
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { appendActivity } from '../audit/account-activity.ts';
import { queueMessage } from '../platform/messages.ts';
import { describeUserAgent, noteDevice } from './devices.ts';
import type { Client } from './client.ts';

const howSignedIn: Record<string, string> = {
  password: 'Signed in with your password',
  mfa: 'Signed in with your password and a security code',
  passkey: 'Signed in with a passkey',
  'passkey-mfa': 'Signed in with your password and a passkey',
  'recovery-code': 'Signed in with a recovery code',
  'recovery-password': 'Signed in after resetting your password',
};

export async function recordSignInActivity(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  user: { userId: number; accountId: number; email: string },
  client: Client,
  kind: string,
): Promise<void> {
  const browser = describeUserAgent(client.userAgent);
  await appendActivity(deps.db, {
    accountId: user.accountId,
    source: 'customer',
    kind: 'sign-in',
    summary: `${howSignedIn[kind] ?? 'Signed in'} · ${browser}`,
    ip: client.ip,
    userAgent: client.userAgent ?? null,
  });
  if (!client.deviceId) return;
  const { isNew } = await noteDevice(deps.db, user.userId, client.deviceId, client.userAgent);
  if (!isNew) return;
  const when = `${now().toISOString().slice(0, 16).replace('T', ' at ')} UTC`;
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: user.email,
    subject: `New sign-in to your ${brand.name} account`,
    text:
      `Your ${brand.name} account was signed in to from a browser it had not seen before.\n\n` +
      `When: ${when}\nBrowser: ${browser}\nAddress: ${client.ip}\n\n` +
      `If this was you, there is nothing to do. If it was not, change your password at once and review your two-factor ` +
      `methods: ${deps.config.publicOrigin}/account/summary?view=manage_MFA\n` +
      `Every sign-in is listed under Account activity: ${deps.config.publicOrigin}/account/summary?view=activity`,
  });
}

/** The alarm after a recovery code signed in (the sign-in's own line in Account activity says how). */
export async function queueRecoveryCodeNotice(deps: Pick<Deps, 'jobs' | 'config'>, email: string, remaining: number): Promise<void> {
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: email,
    subject: `A recovery code was used on your ${brand.name} account`,
    text:
      `A recovery code was used to sign in to your ${brand.name} account. ${remaining} of your codes are left.\n\n` +
      `If this was you, review your two-factor methods and make new codes when few are left: ${deps.config.publicOrigin}/account/summary?view=manage_MFA\n` +
      'If it was not, change your password at once.',
  });
}
