/**
 * Finding a customer from one box (issue #23): an email, a name, a phone number, a domain name, an order or
 * transaction number (a bare number, or `#123`), or a payment reference (`pi_…`). Each way of matching is one query;
 * exact hits (an id, a whole email or domain) come before partial ones. At most 20 customers.
 */
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { CustomerHit, CustomerMatch } from '../../contract/support/customers.ts';
import type { Db } from '../../db/client.ts';
import { accounts, domains, orders, transactions, users } from '../../db/schema/index.ts';

const maxHits = 20;

type Found = { accountId: number; matchedOn: CustomerMatch; matched: string; exact: boolean };

function like(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchCustomers(db: Db, raw: string): Promise<CustomerHit[]> {
  const q = raw.trim();
  const lower = q.toLowerCase();
  const found: Found[] = [];
  const number = /^#?(\d{1,9})$/.exec(q)?.[1];
  if (number) {
    const id = Number(number);
    // `#123` is how orders and transactions are written; a bare number may also be an account.
    const [account] = q.startsWith('#') ? [] : await db.select({ accountId: accounts.accountId }).from(accounts).where(eq(accounts.accountId, id));
    if (account) found.push({ accountId: id, matchedOn: 'account', matched: `Account ${id}`, exact: true });
    const [order] = await db.select({ accountId: orders.accountId }).from(orders).where(eq(orders.orderId, id));
    if (order?.accountId) found.push({ accountId: order.accountId, matchedOn: 'order', matched: `Order #${id}`, exact: true });
    const [txn] = await db.select({ accountId: transactions.accountId }).from(transactions).where(eq(transactions.transactionId, id));
    if (txn) found.push({ accountId: txn.accountId, matchedOn: 'transaction', matched: `Transaction #${id}`, exact: true });
  }
  if (/^(pi|ch|seti|pm|re)_\w+$/i.test(q)) {
    const byOrder = await db.select({ accountId: orders.accountId, orderId: orders.orderId }).from(orders).where(eq(orders.paymentIntentId, q)).limit(5);
    for (const row of byOrder)
      if (row.accountId) found.push({ accountId: row.accountId, matchedOn: 'order', matched: `Order #${row.orderId} (${q})`, exact: true });
    const byTxn = await db.select({ accountId: transactions.accountId }).from(transactions).where(eq(transactions.paymentReference, q)).limit(5);
    for (const row of byTxn) found.push({ accountId: row.accountId, matchedOn: 'payment', matched: q, exact: true });
  }
  const emails = await db
    .select({ accountId: users.accountId, email: users.email })
    .from(users)
    .where(ilike(users.email, like(lower)))
    .limit(maxHits);
  for (const row of emails) found.push({ accountId: row.accountId, matchedOn: 'email', matched: row.email, exact: row.email.toLowerCase() === lower });
  const names = await db
    .select({
      accountId: accounts.accountId,
      name: sql<string>`concat_ws(' ', ${accounts.registrantContact}->>'firstName', ${accounts.registrantContact}->>'lastName')`,
      company: sql<string | null>`${accounts.registrantContact}->>'company'`,
    })
    .from(accounts)
    .where(
      or(
        sql`concat_ws(' ', ${accounts.registrantContact}->>'firstName', ${accounts.registrantContact}->>'lastName') ilike ${like(q)}`,
        sql`${accounts.registrantContact}->>'company' ilike ${like(q)}`,
      ),
    )
    .limit(maxHits);
  for (const row of names) {
    const onCompany = Boolean(row.company?.toLowerCase().includes(lower)) && !row.name.toLowerCase().includes(lower);
    found.push({
      accountId: row.accountId,
      matchedOn: 'name',
      matched: onCompany ? (row.company as string) : row.name,
      exact: row.name.toLowerCase() === lower,
    });
  }
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 5 && /^[\d\s()+.-]+$/.test(q)) {
    const phones = await db
      .select({ accountId: accounts.accountId, phone: sql<string>`${accounts.registrantContact}->>'phone'` })
      .from(accounts)
      .where(sql`regexp_replace(coalesce(${accounts.registrantContact}->>'phone', ''), '\\D', '', 'g') like ${`%${digits}%`}`)
      .limit(maxHits);
    for (const row of phones) found.push({ accountId: row.accountId, matchedOn: 'phone', matched: row.phone, exact: row.phone.replace(/\D/g, '') === digits });
  }
  if (/^[\p{L}\p{N}.-]+$/u.test(q) && q.length >= 3) {
    const named = await db
      .select({ accountId: domains.accountId, domain: domains.domain })
      .from(domains)
      .where(and(ilike(domains.domain, like(lower)), sql`${domains.status} <> 'deleted'`))
      .limit(maxHits);
    for (const row of named) found.push({ accountId: row.accountId, matchedOn: 'domain', matched: row.domain, exact: row.domain === lower });
  }

  // One hit per account: its best reason (exact first, in the order found).
  const best = new Map<number, Found>();
  for (const hit of [...found.filter((f) => f.exact), ...found.filter((f) => !f.exact)]) if (!best.has(hit.accountId)) best.set(hit.accountId, hit);
  const ids = [...best.keys()].slice(0, maxHits);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      accountId: accounts.accountId,
      createDate: accounts.createDate,
      contact: accounts.registrantContact,
      email: users.email,
      domains: sql<number>`(select count(*)::int from ${domains} where ${domains.accountId} = ${accounts.accountId} and ${domains.status} <> 'deleted')`,
    })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.accountId))
    .where(inArray(accounts.accountId, ids));
  const byId = new Map(rows.map((row) => [row.accountId, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const hit = best.get(id)!;
    if (!row) return [];
    return [
      {
        accountId: id,
        email: row.email,
        name: row.contact ? `${row.contact.firstName} ${row.contact.lastName}`.trim() : null,
        company: row.contact?.company || null,
        phone: row.contact?.phone ?? null,
        domains: row.domains,
        createDate: row.createDate.toISOString(),
        matchedOn: hit.matchedOn,
        matched: hit.matched,
      },
    ];
  });
}
