/**
 * WDRP (Whois Data Reminder Policy): once a year per account, on each anniversary of its opening, an email listing
 * its domains and the registrant, admin and tech data we hold, asking for corrections. The (account, year) key makes
 * it once per year however many workers run the job or however late it runs.
 */
import { differenceInYears } from 'date-fns/differenceInYears';
import { and, asc, eq, inArray } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import type { Contact } from '../../contract/contact.ts';
import { accounts, domains, users, wdrpNotices } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { queueMessage } from '../platform/messages.ts';

const listedStatuses = ['active', 'expired', 'redemption'] as const;

function describeContact(label: string, contact: Contact | null): string {
  if (!contact) return `${label}: (same as the registrant)`;
  return [
    `${label}:`,
    `  ${contact.firstName} ${contact.lastName}${contact.company ? `, ${contact.company}` : ''}`,
    `  ${contact.address}, ${contact.city}, ${contact.state} ${contact.zip}, ${contact.country}`,
    `  ${contact.email} · ${contact.phone}`,
  ].join('\n');
}

export async function sendWdrpReminders(deps: Pick<Deps, 'db' | 'jobs' | 'config'>): Promise<{ sent: number }> {
  const time = now();
  const holders = await deps.db
    .selectDistinct({ account: accounts })
    .from(accounts)
    .innerJoin(domains, eq(domains.accountId, accounts.accountId))
    .where(inArray(domains.status, [...listedStatuses]));
  let sent = 0;
  for (const { account } of holders) {
    const accountYear = differenceInYears(time, account.createDate);
    if (accountYear < 1) continue;
    const names = await deps.db
      .select({ domain: domains.domain, expireDate: domains.expireDate, privacyEnabled: domains.privacyEnabled })
      .from(domains)
      .where(and(eq(domains.accountId, account.accountId), inArray(domains.status, [...listedStatuses])))
      .orderBy(asc(domains.domain));
    const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, account.accountId)).limit(1);
    const to = account.registrantContact?.email ?? user?.email;
    if (!to) continue;
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(wdrpNotices)
        .values({ accountId: account.accountId, accountYear, sentTo: to, domainCount: names.length, createDate: time })
        .onConflictDoNothing()
        .returning({ accountId: wdrpNotices.accountId });
      if (!row) return false;
      // Queued inside the transaction: if queueing fails, the notice is not recorded and the next run sends it.
      await queueMessage(deps.jobs, {
        channel: 'email',
        to,
        subject: `Please check the contact details of your ${brand.name} domains`,
        text:
          `Once a year ICANN asks us to show you the registration data we hold for your domains, so you can correct it. ` +
          'Inaccurate details can lead to a domain being suspended or lost.\n\n' +
          `Your domains:\n${names.map((d) => `  ${d.domain} (expires ${d.expireDate.toISOString().slice(0, 10)}${d.privacyEnabled ? ', WHOIS privacy on' : ''})`).join('\n')}\n\n` +
          `${describeContact('Registrant', account.registrantContact)}\n\n${describeContact('Administrative contact', account.whoisAdminContact)}\n\n` +
          `${describeContact('Technical contact', account.whoisTechContact)}\n\n` +
          `If anything is wrong, correct it in Account Information: ${deps.config.publicOrigin}/account/summary?view=contact_info\n` +
          'If everything is right, there is nothing to do.',
      });
      return true;
    });
    if (done) sent += 1;
  }
  return { sent };
}
