/** The email every change of a staff member's second factors sends them, so a change they did not make is noticed. */
import type { Deps } from '../../deps.ts';
import { queueMessage } from '../platform/messages.ts';
import type { StaffMemberRow } from '../../db/schema/index.ts';

export type FactorChange = { kind: 'totp-added' } | { kind: 'totp-replaced' } | { kind: 'passkey-added'; name: string };

const subjects: Record<FactorChange['kind'], (brandName: string) => string> = {
  'totp-added': (brand) => `An authenticator app was added to your ${brand} back-office account`,
  'totp-replaced': (brand) => `Your ${brand} back-office authenticator app was replaced`,
  'passkey-added': (brand) => `A passkey was added to your ${brand} back-office account`,
};

function describe(change: FactorChange): string {
  if (change.kind === 'passkey-added') return `A passkey (“${change.name}”) was added to`;
  return change.kind === 'totp-added' ? 'An authenticator app was added to' : 'The authenticator app of';
}

export async function notifyFactorChange(
  deps: Pick<Deps, 'jobs'>,
  staff: Pick<StaffMemberRow, 'email' | 'name'>,
  change: FactorChange,
  ip: string,
  brandName: string,
): Promise<void> {
  const what = describe(change);
  const sentence =
    change.kind === 'totp-replaced'
      ? `${what} your ${brandName} back-office account was replaced from ${ip}.`
      : `${what} your ${brandName} back-office account from ${ip}.`;
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: staff.email,
    subject: subjects[change.kind](brandName),
    text: [`Hello ${staff.name},`, '', sentence, 'If this was not you, tell an owner at once: they can reset your sign-in.'].join('\n'),
  });
}
