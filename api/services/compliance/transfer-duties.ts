/**
 * What the registrar duties add when a domain arrives, leaves or changes registrant (called where each completes):
 * the ICANN notices, and registrant verification for a domain that arrived or a registrant that changed.
 */
import type { Contact } from '../../contract/contact.ts';
import type { Deps } from '../../deps.ts';
import { notifyRegistrantChange, notifyTransferCompleted } from './registrant-notices.ts';
import { queueRegistrantVerification } from './verification/registrant-verification.ts';

export async function onTransferredIn(deps: Pick<Deps, 'db' | 'jobs'>, input: { accountId: number; domain: string }): Promise<void> {
  await notifyTransferCompleted(deps, { ...input, direction: 'in' });
  await queueRegistrantVerification(deps.jobs, input.accountId, 'transfer');
}

export async function onTransferredAway(
  deps: Pick<Deps, 'db' | 'jobs'>,
  input: { accountId: number; domain: string; gainingRegistrar: string | null },
): Promise<void> {
  await notifyTransferCompleted(deps, { accountId: input.accountId, domain: input.domain, direction: 'out', otherRegistrar: input.gainingRegistrar });
}

/** A registrant change took effect (approved, or at once for an account that opted out of the approval). */
export async function onRegistrantChanged(deps: Pick<Deps, 'jobs'>, input: { accountId: number; before: Contact | null; after: Contact }): Promise<void> {
  await notifyRegistrantChange(deps, input);
  const sameName =
    input.before &&
    input.before.firstName === input.after.firstName &&
    input.before.lastName === input.after.lastName &&
    (input.before.company ?? '') === (input.after.company ?? '');
  const sameEmail = input.before?.email.toLowerCase() === input.after.email.toLowerCase();
  // WAPS asks again when the registrant's name or email changes; an address or phone change is checked at the next one.
  if (!sameName || !sameEmail) await queueRegistrantVerification(deps.jobs, input.accountId, 'registrant-change');
}
