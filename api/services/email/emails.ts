/**
 * Mailboxes and forwards of a domain with the email service (control-panel spec §3–§5, §7): add, convert, change the
 * password or destination, delete, usage, set-up instructions. Our `emails` rows say what the customer has; the mail
 * host (providers/mailhost) holds the real thing. A row is claimed first (limits and the unique address decided under
 * a lock on the domain), then the mail host is asked, and a refusal undoes the claim.
 */
import { and, asc, eq } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import {
  type EmailCreate,
  type EmailCreated,
  type EmailUpdate,
  type EmailUsage,
  emailLimits,
  mailboxQuotaGigabytes,
  passwordProblem,
  usernameOf,
} from '../../contract/email/email.ts';
import type { DomainEmail } from '../../contract/domains/domain.ts';
import type { ListResult } from '../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { domains, emails } from '../../db/schema/index.ts';
import type { DomainRow, EmailRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { MailHostError } from '../../providers/mailhost/index.ts';
import { autoconfigUrl, mailClientSettings, mobileConfigUrl } from './email-setup.ts';
import { queueMessage } from '../platform/messages.ts';
import { hashPassword } from '../kernel/passwords.ts';
import { enforce } from '../platform/rate-limit.ts';

const bytesPerGigabyte = 1_000_000_000;
const typeWords = { mailbox: 'mailboxes', forward: 'forwards' } as const;

export function emailView(row: EmailRow): DomainEmail {
  const { passwordHash: _never, ...rest } = row;
  return { ...rest, createDate: row.createDate.toISOString() };
}

/** Turns a mail host refusal into an answer the customer can read; anything else is a real fault. */
async function askMailHost<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MailHostError) {
      console.error('mail host:', error.message);
      throw new AppError(502, 'The mail server could not complete this request. Please try again in a few minutes.');
    }
    throw error;
  }
}

async function findOwnedDomain(db: Db, accountId: number, domainId: number): Promise<DomainRow> {
  const [domain] = await db.select().from(domains).where(eq(domains.domainId, domainId)).limit(1);
  if (!domain || domain.status === 'deleted') throw new AppError(404, 'Domain not found');
  if (domain.accountId !== accountId) throw new AppError(403, 'You do not have access to this domain');
  return domain;
}

/** The live address and its domain; 404 when there is none, 403 when it is another account's. */
export async function findOwnedEmail(db: Db, accountId: number, emailId: number): Promise<{ email: EmailRow; domain: DomainRow }> {
  const [row] = await db
    .select({ email: emails, domain: domains })
    .from(emails)
    .innerJoin(domains, eq(domains.domainId, emails.domainId))
    .where(eq(emails.emailId, emailId));
  if (row?.email.status !== 'active' || row.domain.status === 'deleted') throw new AppError(404, 'Email address not found');
  if (row.domain.accountId !== accountId) throw new AppError(403, 'You do not have access to this email address');
  return row;
}

export async function listEmails(db: Db, accountId: number, domainId: number): Promise<ListResult<DomainEmail>> {
  await findOwnedDomain(db, accountId, domainId);
  const rows = await db
    .select()
    .from(emails)
    .where(and(eq(emails.domainId, domainId), eq(emails.status, 'active')))
    .orderBy(asc(emails.address));
  return { total: rows.length, limit: rows.length, skip: 0, data: rows.map(emailView) };
}

function checkPassword(password: string, address: string) {
  const problem = passwordProblem(password, usernameOf(address));
  if (problem) throw new AppError(400, problem, { errors: { password: [problem] } });
}

function checkDestination(destination: string, address: string) {
  if (destination.toLowerCase() === address.toLowerCase())
    throw new AppError(400, 'A forward cannot send mail to itself', { errors: { destination: ['A forward cannot send mail to itself'] } });
}

function limitMessage(type: 'mailbox' | 'forward') {
  return `You can have up to ${emailLimits[type]} ${typeWords[type]} on a domain`;
}

/** Counts the live addresses of a type on a domain inside the caller's transaction (which holds the domain's lock). */
async function countOfType(db: Pick<Db, 'select'>, domainId: number, type: 'mailbox' | 'forward', exceptEmailId?: number) {
  const rows = await db
    .select({ emailId: emails.emailId })
    .from(emails)
    .where(and(eq(emails.domainId, domainId), eq(emails.type, type), eq(emails.status, 'active')));
  return rows.filter((r) => r.emailId !== exceptEmailId).length;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

export async function createEmail(deps: Deps, accountId: number, input: EmailCreate): Promise<EmailCreated> {
  const { db } = deps;
  const domain = await findOwnedDomain(db, accountId, input.domainId);
  if (!domain.emailEnabled) throw new AppError(409, `Add the email service to ${domain.domain} first`);
  const given = input.address.trim().toLowerCase();
  if (given.includes('@') && given.slice(given.indexOf('@') + 1) !== domain.domain) throw new AppError(400, `The address must end in @${domain.domain}`);
  const address = `${usernameOf(given)}@${domain.domain}`;
  let passwordHash: string | null = null;
  if (input.type === 'mailbox') {
    checkPassword(input.password, address);
    passwordHash = await hashPassword(input.password);
  } else checkDestination(input.destination, address);

  let row: EmailRow;
  try {
    row = await db.transaction(async (tx) => {
      // One add at a time per domain, so two racing adds cannot both take the fifth place.
      await tx.select({ id: domains.domainId }).from(domains).where(eq(domains.domainId, domain.domainId)).for('update');
      if ((await countOfType(tx, domain.domainId, input.type)) >= emailLimits[input.type]) throw new AppError(409, limitMessage(input.type));
      const [inserted] = await tx
        .insert(emails)
        .values({
          domainId: domain.domainId,
          address,
          type: input.type,
          passwordHash,
          destination: input.type === 'forward' ? input.destination : null,
          quota: mailboxQuotaGigabytes,
        })
        .returning();
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, `${address} already exists`);
    throw error;
  }
  try {
    await askMailHost(() =>
      input.type === 'mailbox'
        ? deps.providers.mailHost.createMailbox({ address, passwordHash: passwordHash ?? '', quotaBytes: mailboxQuotaGigabytes * bytesPerGigabyte })
        : deps.providers.mailHost.createForward({ address, destination: input.destination }),
    );
  } catch (error) {
    await db.update(emails).set({ status: 'deleted' }).where(eq(emails.emailId, row.emailId));
    throw error;
  }
  return {
    ...emailView(row),
    ...(row.type === 'mailbox' ? { $mobileConfigUrl: mobileConfigUrl(deps, row), $autoconfigUrl: autoconfigUrl(deps.config, row.address) } : {}),
  };
}

export async function updateEmail(deps: Deps, accountId: number, emailId: number, update: EmailUpdate): Promise<DomainEmail> {
  const { db } = deps;
  const { mailHost } = deps.providers;
  const { email } = await findOwnedEmail(db, accountId, emailId);
  const { address } = email;

  if ('type' in update && update.type === 'forward') {
    if (email.type === 'forward') throw new AppError(409, `${address} is already a forward`);
    checkDestination(update.destination, address);
    await claimConversion(db, email, 'forward');
    // The mailbox goes first (with its messages and folders): one address cannot be both at the mail host.
    await askMailHost(async () => {
      await mailHost.deleteAddress(address, 'mailbox');
      await mailHost.createForward({ address, destination: update.destination });
    });
    return save(db, emailId, { type: 'forward', destination: update.destination, passwordHash: null, size: 0 });
  }
  if ('type' in update && update.type === 'mailbox') {
    if (email.type === 'mailbox') throw new AppError(409, `${address} is already a mailbox`);
    checkPassword(update.password, address);
    const passwordHash = await hashPassword(update.password);
    await claimConversion(db, email, 'mailbox');
    await askMailHost(async () => {
      await mailHost.deleteAddress(address, 'forward');
      await mailHost.createMailbox({ address, passwordHash, quotaBytes: mailboxQuotaGigabytes * bytesPerGigabyte });
    });
    return save(db, emailId, { type: 'mailbox', destination: null, passwordHash, size: 0, quota: mailboxQuotaGigabytes });
  }
  if ('destination' in update) {
    if (email.type !== 'forward') throw new AppError(409, 'Only a forward has a destination');
    checkDestination(update.destination, address);
    await askMailHost(() => mailHost.setDestination(address, update.destination));
    return save(db, emailId, { destination: update.destination });
  }
  if (email.type !== 'mailbox') throw new AppError(409, 'Only a mailbox has a password');
  checkPassword(update.password, address);
  const passwordHash = await hashPassword(update.password);
  await askMailHost(() => mailHost.setPassword(address, passwordHash));
  return save(db, emailId, { passwordHash });
}

/** A conversion takes a place of the other kind: checked under the domain's lock, as an add is. */
async function claimConversion(db: Db, email: EmailRow, to: 'mailbox' | 'forward') {
  await db.transaction(async (tx) => {
    await tx.select({ id: domains.domainId }).from(domains).where(eq(domains.domainId, email.domainId)).for('update');
    if ((await countOfType(tx, email.domainId, to, email.emailId)) >= emailLimits[to]) throw new AppError(409, limitMessage(to));
  });
}

async function save(db: Db, emailId: number, set: Partial<typeof emails.$inferInsert>): Promise<DomainEmail> {
  const [row] = await db.update(emails).set(set).where(eq(emails.emailId, emailId)).returning();
  return emailView(row);
}

export async function deleteEmail(deps: Deps, accountId: number, emailId: number): Promise<DomainEmail> {
  const { email } = await findOwnedEmail(deps.db, accountId, emailId);
  await askMailHost(() => deps.providers.mailHost.deleteAddress(email.address, email.type));
  return save(deps.db, emailId, { status: 'deleted' });
}

/** Asks the mail host how much a mailbox holds and keeps the figure on the row (the card's over-5-GB badge reads it). */
export async function readEmailUsage(deps: Deps, accountId: number, emailId: number): Promise<EmailUsage> {
  const { email } = await findOwnedEmail(deps.db, accountId, emailId);
  if (email.type !== 'mailbox') throw new AppError(400, 'Only a mailbox has usage');
  const usedBytes = await askMailHost(() => deps.providers.mailHost.usage(email.address));
  const size = Math.round((usedBytes / bytesPerGigabyte) * 1e6) / 1e6;
  await deps.db.update(emails).set({ size }).where(eq(emails.emailId, emailId));
  return { emailId, size, quota: email.quota, usedBytes, $overQuota: size > email.quota };
}

/** Per account and per address, an hour: the instructions go to any address the customer types. */
const instructionLimits = { perAccount: 10, perAddress: 30, windowSeconds: 3600 };

export async function sendSetupInstructions(
  deps: Deps,
  input: { accountId: number; emailId: number; to: string; clientIp: string },
): Promise<{ message: string }> {
  const { email } = await findOwnedEmail(deps.db, input.accountId, input.emailId);
  if (email.type !== 'mailbox') throw new AppError(400, 'Set-up instructions are for mailboxes');
  await enforce(
    deps.db,
    [
      { key: `email-instructions:account:${input.accountId}`, max: instructionLimits.perAccount, windowSeconds: instructionLimits.windowSeconds },
      { key: `email-instructions:ip:${input.clientIp}`, max: instructionLimits.perAddress, windowSeconds: instructionLimits.windowSeconds },
    ],
    'Too many set-up instructions were sent.',
  );
  const settings = mailClientSettings(deps.config);
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: input.to,
    subject: `Set up ${email.address} on your phone or computer`,
    text: [
      `Here is how to read and send mail as ${email.address} (${brand.name} Email).`,
      '',
      `iPhone or iPad: open this link and install the profile; it asks for the mailbox password:`,
      mobileConfigUrl(deps, email),
      '',
      'Any other mail app:',
      `  Email address and username: ${email.address}`,
      `  Incoming mail (IMAP): ${settings.imapHost}, port ${settings.imapPort}, SSL/TLS`,
      `  Outgoing mail (SMTP): ${settings.smtpHost}, port ${settings.smtpPort}, SSL/TLS, with the same username and password`,
      '',
      'The password is the one chosen when the mailbox was created; we never send it by email.',
    ].join('\n'),
  });
  return { message: `Instructions sent to ${input.to}` };
}
