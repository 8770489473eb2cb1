/**
 * PATCH /api/accounts/0 (control-panel spec §7 Account update): contacts and preferences. Admin, tech and billing
 * contacts and most preferences apply at once; a new registrant, or turning the TDRP lock off, waits for approval
 * by the registrant email unless the account opted out (tdrp.ts). While a request waits, the registrant contact and
 * the preferences are locked. Changed contacts reach the registry through the registry-contacts job.
 */
import { eq } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { registrantEmailFixedMessage, tdrpPendingRefusal } from '../../contract/accounts/account-info.ts';
import type { AccountUpdate } from '../../contract/accounts/account-update.ts';
import type { Contact } from '../../contract/contact.ts';
import type { Account } from '../../contract/domains/domain.ts';
import { accounts } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { saveVatNumber } from './vat-numbers.ts';
import { accountView } from './account-summary.ts';
import { onRegistrantChanged } from '../compliance/transfer-duties.ts';
import { enforce } from '../platform/rate-limit.ts';
import { queueRegistryContactSync } from './registry-contacts.ts';
import { createTdrpRequest, expireTdrpRequests, sendTdrpApprovalEmail, type TdrpChange } from '../transfers/tdrp.ts';

/** GET /api/accounts/0: the account, once any lapsed approval request has been let go. */
export async function readAccount(db: Deps['db'], accountId: number): Promise<Account> {
  await expireTdrpRequests(db, { accountId });
  return accountView(db, accountId);
}

function sameContact(a: Contact | null, b: Contact): boolean {
  if (!a) return false;
  return (Object.keys(b) as (keyof Contact)[]).every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

export async function updateAccount(deps: Deps, accountId: number, update: AccountUpdate): Promise<Account> {
  const { db } = deps;
  // It may send an approval email and queues registry work: a bound on both however the client behaves.
  await enforce(db, [{ key: `account-update:${accountId}`, max: 30, windowSeconds: 15 * 60 }], 'Too many account changes.');
  await expireTdrpRequests(db, { accountId });
  if (update.vatNumber !== undefined) {
    // VIES is asked before anything is written and outside the transaction below; a refused number changes nothing.
    const [current] = await db.select().from(accounts).where(eq(accounts.accountId, accountId));
    const billing = update.whoisBillingContact ?? current?.whoisBillingContact ?? update.registrantContact ?? current?.registrantContact;
    await saveVatNumber(db, deps.providers.vies, { accountId, vatNumber: update.vatNumber, billingCountry: billing?.country ?? null });
  }
  const outcome = await db.transaction(async (tx) => {
    // Locked for the transaction: two saves at once cannot both start an approval, nor slip past a pending one.
    const [account] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId)).for('update');
    if (!account) throw new AppError(404, 'Account not found');
    const registrant = update.registrantContact;
    const registrantChanges = registrant !== undefined && !sameContact(account.registrantContact, registrant);
    const preferencesChange =
      (update.whoisRedactionOptOut !== undefined && update.whoisRedactionOptOut !== account.whoisRedactionOptOut) ||
      (update.tdrpOptOut !== undefined && update.tdrpOptOut !== account.tdrpOptOut) ||
      (update.advancedEnabled !== undefined && update.advancedEnabled !== account.advancedEnabled);
    if (account.pendingChanges && (registrantChanges || preferencesChange)) throw new AppError(409, tdrpPendingRefusal);
    const registrantEmail = account.registrantContact?.email;
    if (registrantChanges && registrantEmail && registrant.email !== registrantEmail.toLowerCase()) {
      throw new AppError(400, registrantEmailFixedMessage);
    }

    const direct: Partial<typeof accounts.$inferInsert> = {};
    const contactsChanged: boolean[] = [];
    for (const field of ['whoisAdminContact', 'whoisTechContact', 'whoisBillingContact'] as const) {
      const contact = update[field];
      if (contact && !sameContact(account[field], contact)) {
        direct[field] = contact;
        contactsChanged.push(true);
      }
    }
    if (update.whoisRedactionOptOut !== undefined && update.whoisRedactionOptOut !== account.whoisRedactionOptOut) {
      direct.whoisRedactionOptOut = update.whoisRedactionOptOut;
      // What WHOIS publishes changes with it.
      contactsChanged.push(true);
    }
    if (update.advancedEnabled !== undefined) direct.advancedEnabled = update.advancedEnabled;
    // Turning the lock back on only adds protection: at once. Turning it off is what a hijacker would do first.
    if (update.tdrpOptOut === false) direct.tdrpOptOut = false;

    const change: TdrpChange = {};
    if (update.tdrpOptOut === true && !account.tdrpOptOut) change.tdrpOptOut = true;
    if (registrantChanges) {
      // An account that opted out (and is not opting out in this very request) changes its registrant at once.
      if (account.tdrpOptOut && update.tdrpOptOut !== false) {
        direct.registrantContact = registrant;
        contactsChanged.push(true);
      } else {
        change.registrantContact = registrant;
      }
    }
    if (Object.keys(direct).length > 0) {
      await tx
        .update(accounts)
        .set({ ...direct, modifyDate: now() })
        .where(eq(accounts.accountId, accountId));
    }
    const needsApproval = change.registrantContact !== undefined || change.tdrpOptOut !== undefined;
    if (needsApproval && !registrantEmail) throw new AppError(400, 'Add the registrant contact first: its email approves this change');
    const token = needsApproval ? await createTdrpRequest(tx, accountId, registrantEmail!, change) : null;
    const registrantChange = direct.registrantContact ? { before: account.registrantContact, after: direct.registrantContact } : null;
    return { token, change, sentTo: registrantEmail, registryChanged: contactsChanged.length > 0, registrantChange };
  });
  if (outcome.token && outcome.sentTo) {
    await sendTdrpApprovalEmail(deps, { to: outcome.sentTo, token: outcome.token, change: outcome.change, brandName: brand.name });
  }
  if (outcome.registryChanged) await queueRegistryContactSync(deps.jobs, accountId);
  if (outcome.registrantChange) await onRegistrantChanged(deps, { accountId, ...outcome.registrantChange });
  return accountView(db, accountId);
}
