/**
 * Notices ICANN's transfer policy requires: when a change of registrant completes, the old and the new registrant are
 * told; when a transfer in or out completes, the registrant is told. Queued emails; called where each completes.
 */
import { eq } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import type { Contact } from '../../contract/contact.ts';
import { accounts } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { queueMessage } from '../platform/messages.ts';
import { registrantName } from './verification/registrant-verification.ts';

export async function notifyRegistrantChange(deps: Pick<Deps, 'jobs'>, input: { before: Contact | null; after: Contact }): Promise<void> {
  const from = input.before ? registrantName(input.before) : 'no registrant';
  const to = registrantName(input.after);
  const text = (whom: string) =>
    `The change of registrant of your ${brand.name} domains is complete.\n\n  Previous registrant: ${from}${input.before ? ` <${input.before.email}>` : ''}\n` +
    `  New registrant: ${to} <${input.after.email}>\n\n${whom}\nIf you did not expect this change, contact ${brand.name} support at once.`;
  const addresses = new Map<string, string>();
  if (input.before) addresses.set(input.before.email.toLowerCase(), 'You are receiving this as the previous registrant.');
  const newNote = 'You are receiving this as the new registrant.';
  const previous = addresses.get(input.after.email.toLowerCase());
  addresses.set(input.after.email.toLowerCase(), previous ? 'You are receiving this as both the previous and the new registrant.' : newNote);
  for (const [address, whom] of addresses) {
    await queueMessage(deps.jobs, { channel: 'email', to: address, subject: `The registrant of your ${brand.name} domains has changed`, text: text(whom) });
  }
}

export async function notifyTransferCompleted(
  deps: Pick<Deps, 'db' | 'jobs'>,
  input: { accountId: number; domain: string; direction: 'in' | 'out'; otherRegistrar?: string | null },
): Promise<void> {
  const [account] = await deps.db.select({ contact: accounts.registrantContact }).from(accounts).where(eq(accounts.accountId, input.accountId));
  const to = account?.contact?.email;
  if (!to) return;
  const other = input.otherRegistrar ? ` (${input.otherRegistrar})` : '';
  await queueMessage(deps.jobs, {
    channel: 'email',
    to,
    subject: input.direction === 'in' ? `${input.domain} has transferred to ${brand.name}` : `${input.domain} has transferred away from ${brand.name}`,
    text:
      input.direction === 'in'
        ? `The transfer of ${input.domain} to ${brand.name} is complete: ${brand.name} is now its registrar, and you manage it in My Domains.`
        : `The transfer of ${input.domain} to another registrar${other} is complete: ${brand.name} is no longer its registrar. ` +
          `If you did not ask for this transfer, contact ${brand.name} support at once.`,
  });
}
