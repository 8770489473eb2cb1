/**
 * Staff change a customer's admin, tech or billing contact and/or login email at their request: in one transaction
 * with its audit row (before and after, the reason). The customer is emailed (a new login email at both addresses, so
 * a change they did not ask for does not go unnoticed), the change shows in their Account activity, and changed
 * contacts reach the registry through the registry-contacts job, as when the customer saves them.
 */
import { eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Contact } from '../../contract/contact.ts';
import type { CustomerEdit } from '../../contract/support/support-schemas.ts';
import { accounts, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { queueRegistryContactSync } from '../accounts/registry-contacts.ts';
import { recordAudit, requireReason, type StaffActor, teamLabel } from '../audit/audit-log.ts';
import { queueMessage } from '../platform/messages.ts';
import { findCustomer } from './customer-record.ts';

const contactFields = { whoisAdminContact: 'admin', whoisTechContact: 'technical', whoisBillingContact: 'billing' } as const;
type ContactField = keyof typeof contactFields;

const sameContact = (a: Contact | null, b: Contact) => a !== null && (Object.keys(b) as (keyof Contact)[]).every((key) => (a[key] ?? '') === (b[key] ?? ''));

/** "Our support team": who the customer is told acted, never the person. */
export const teamOf = (actor: StaffActor) => (actor.role ? `Our ${teamLabel(actor.role).toLowerCase()}` : 'Our staff');

export async function editCustomer(
  deps: Pick<Deps, 'db' | 'jobs'>,
  actor: StaffActor,
  accountId: number,
  input: CustomerEdit,
  brandName: string,
): Promise<{ changed: string[]; email: string }> {
  const reason = requireReason('customer.edit', input.reason);
  const outcome = await deps.db.transaction(async (tx) => {
    await tx.select({ accountId: accounts.accountId }).from(accounts).where(eq(accounts.accountId, accountId)).for('update');
    const { account, user } = await findCustomer(tx, accountId);
    const contacts: Partial<Record<ContactField, Contact>> = {};
    for (const field of Object.keys(contactFields) as ContactField[]) {
      const contact = input[field];
      if (contact && !sameContact(account[field], contact)) contacts[field] = contact;
    }
    const newEmail = input.email && input.email !== user.email.toLowerCase() ? input.email : null;
    if (newEmail) {
      const [taken] = await tx.select({ userId: users.userId }).from(users).where(sql`lower(${users.email}) = ${newEmail}`).limit(1);
      if (taken) throw new AppError(409, `${newEmail} is already the login of another account`, { field: 'email' });
    }
    const changedContacts = Object.keys(contacts) as ContactField[];
    if (!newEmail && changedContacts.length === 0) throw new AppError(400, 'Nothing changed: these are the details the account has');
    const at = now();
    if (changedContacts.length)
      await tx
        .update(accounts)
        .set({ ...contacts, modifyDate: at })
        .where(eq(accounts.accountId, accountId));
    if (newEmail) await tx.update(users).set({ email: newEmail, modifyDate: at }).where(eq(users.userId, user.userId));
    const changed = [...(newEmail ? ['login email'] : []), ...changedContacts.map((field) => `${contactFields[field]} contact`)];
    await recordAudit(tx, actor, {
      action: 'customer.edit',
      targetType: 'account',
      targetId: accountId,
      targetLabel: newEmail ?? user.email,
      accountId,
      before: {
        ...(newEmail ? { email: user.email } : {}),
        ...Object.fromEntries(changedContacts.map((field) => [field, account[field]])),
      },
      after: { ...(newEmail ? { email: newEmail } : {}), ...contacts },
      reason,
      customerSummary: `${teamOf(actor)} changed your ${changed.join(' and ')} at your request.`,
    });
    return { changed, oldEmail: user.email, newEmail, contactsChanged: changedContacts.length > 0 };
  });
  if (outcome.contactsChanged) await queueRegistryContactSync(deps.jobs, accountId);
  const email = outcome.newEmail ?? outcome.oldEmail;
  const lines = (to: string) => [
    `${teamOf(actor)} changed the ${outcome.changed.join(' and ')} of your ${brandName} account, as you asked.`,
    ...(outcome.newEmail ? ['', `You now sign in with ${outcome.newEmail} (it was ${outcome.oldEmail}). Your password is unchanged.`] : []),
    '',
    to === outcome.oldEmail && outcome.newEmail
      ? `This is the last email to this address about your account. If you did not ask for this, reply at once or contact ${brandName} support.`
      : `If you did not ask for this, reply to this email or contact ${brandName} support at once.`,
  ];
  const recipients = outcome.newEmail ? [outcome.oldEmail, outcome.newEmail] : [outcome.oldEmail];
  for (const to of recipients) {
    await queueMessage(deps.jobs, { channel: 'email', to, subject: `Your ${brandName} account details were changed`, text: lines(to).join('\n') });
  }
  return { changed: outcome.changed, email };
}
