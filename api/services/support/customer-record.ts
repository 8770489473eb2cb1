/**
 * The customer page of the back office: the account's contacts, domains, orders, recent ledger, cards (last 4 only),
 * second factors, live sessions, API tokens, staff notes and the audit entries about it. Reading it is a read of
 * personal data, so it is audited (by the caller, with who asked).
 */
import { and, asc, desc, eq, gt, isNull, ne, or } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { CustomerRecord, StaffDomainRow } from '../../contract/support/customers.ts';
import type { Db } from '../../db/client.ts';
import { accounts, customerNotes, domains, mfas, orders, passkeys, paymentMethods, sessions, transactions, users } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { listApiTokens } from '../auth/api-tokens/api-tokens.ts';
import { searchAudit } from '../audit/audit-log.ts';
import { readVerificationStatus } from '../compliance/verification/registrant-verification.ts';
import { mfaView } from '../auth/second-factors/mfa.ts';

/** A domain and its owner's login email, for the staff screens and actions on one domain. */
export async function findDomainWithOwner(db: Pick<Db, 'select'>, domainId: number) {
  const [row] = await db
    .select({ domain: domains, ownerEmail: users.email })
    .from(domains)
    .innerJoin(users, eq(users.accountId, domains.accountId))
    .where(eq(domains.domainId, domainId))
    .limit(1);
  if (!row) throw new AppError(404, 'No such domain');
  return row;
}

export async function findCustomer(db: Pick<Db, 'select'>, accountId: number) {
  const [row] = await db
    .select({ account: accounts, user: users })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.accountId))
    .where(eq(accounts.accountId, accountId))
    .limit(1);
  if (!row) throw new AppError(404, 'No such customer');
  return row;
}

export function staffDomainRow(row: DomainRow, ownerEmail: string): StaffDomainRow {
  return {
    domainId: row.domainId,
    domain: row.domain,
    status: row.status,
    expireDate: row.expireDate.toISOString(),
    locked: row.locked,
    autoRenewEnabled: row.autoRenewEnabled,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    accountId: row.accountId,
    ownerEmail,
  };
}

export async function customerRecord(db: Db, accountId: number): Promise<CustomerRecord> {
  const { account, user } = await findCustomer(db, accountId);
  const time = now();
  const [owned, orderRows, txnRows, cards, methods, keys, live, tokens, notes, audit, registrantVerification] = await Promise.all([
    db
      .select()
      .from(domains)
      .where(and(eq(domains.accountId, accountId), ne(domains.status, 'deleted')))
      .orderBy(asc(domains.domain)),
    db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(desc(orders.createDate)).limit(25),
    db
      .select()
      .from(transactions)
      .where(eq(transactions.accountId, accountId))
      .orderBy(desc(transactions.startDate), desc(transactions.transactionId))
      .limit(25),
    db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.accountId, accountId), ne(paymentMethods.status, 'deleted')))
      .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.paymentMethodId)),
    db
      .select()
      .from(mfas)
      .where(and(eq(mfas.accountId, accountId), or(eq(mfas.status, 'active'), eq(mfas.status, 'pending'))))
      .orderBy(asc(mfas.mfaId)),
    db.select().from(passkeys).where(eq(passkeys.userId, user.userId)).orderBy(asc(passkeys.passkeyId)),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.userId), eq(sessions.state, 'active'), isNull(sessions.revokeDate), gt(sessions.expireDate, time)))
      .orderBy(desc(sessions.createDate))
      .limit(50),
    listApiTokens(db, accountId),
    db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.accountId, accountId))
      .orderBy(desc(customerNotes.createDate), desc(customerNotes.noteId))
      .limit(100),
    searchAudit(db, { accountId }, { limit: 25, skip: 0 }),
    readVerificationStatus({ db }, accountId),
  ]);
  return {
    accountId,
    userId: user.userId,
    email: user.email,
    createDate: account.createDate.toISOString(),
    closedAt: account.closedAt?.toISOString() ?? null,
    isDemo: account.isDemo,
    mfaEnrolmentRequired: account.mfaEnrolmentRequired,
    pendingChanges: account.pendingChanges,
    tdrpOptOut: account.tdrpOptOut,
    registrantVerification,
    contacts: {
      registrant: account.registrantContact,
      administrative: account.whoisAdminContact,
      technical: account.whoisTechContact,
      billing: account.whoisBillingContact,
    },
    domains: owned.map((row) => staffDomainRow(row, user.email)),
    orders: orderRows.map((row) => ({ orderId: row.orderId, status: row.status, totalPrice: row.totalPrice, createDate: row.createDate.toISOString() })),
    transactions: txnRows.map((row) => ({
      transactionId: row.transactionId,
      type: row.type,
      description: row.description,
      amount: row.amount,
      date: row.startDate.toISOString(),
    })),
    paymentMethods: cards.map((row) => ({
      paymentMethodId: row.paymentMethodId,
      brand: row.brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      isDefault: row.isDefault,
      status: row.status,
    })),
    secondFactors: methods.map((row) => {
      const view = mfaView(row);
      return { mfaId: view.mfaId, type: view.type, description: view.description, status: view.status, createDate: view.createDate };
    }),
    passkeys: keys.map((row) => ({
      passkeyId: row.passkeyId,
      name: row.name,
      createDate: row.createDate.toISOString(),
      lastUsedDate: row.lastUsedDate?.toISOString() ?? null,
    })),
    sessions: live.map((row) => ({
      sessionId: row.sessionId,
      createDate: row.createDate.toISOString(),
      expireDate: row.expireDate.toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
    })),
    apiTokens: tokens.map((token) => ({
      apiTokenId: token.apiTokenId,
      name: token.name,
      scopes: token.scopes,
      createDate: token.createDate,
      lastUsedDate: token.lastUsedDate,
      lastUsedIp: token.lastUsedIp,
      expireDate: token.expireDate,
    })),
    notes: notes.map((row) => ({ noteId: row.noteId, staffEmail: row.staffEmail, body: row.body, createDate: row.createDate.toISOString() })),
    audit: audit.data,
  };
}
