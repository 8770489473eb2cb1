/**
 * Staff accounts, apart from customers': the first owner made from the command line, the rest invited by owners;
 * each enrols through a one-time link (name, password, then a second factor). Every change is audited.
 */
import { addHours } from 'date-fns/addHours';
import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { rolePermissions, type StaffRole, staffRoleLabels } from '../../contract/staff/roles.ts';
import { type StaffEnrolmentView, type StaffMember, staffEnrolmentHours } from '../../contract/staff/staff.ts';
import type { Db, Tx } from '../../db/client.ts';
import { staffEnrolments, staffMembers, staffPasskeys } from '../../db/schema/index.ts';
import type { StaffMemberRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { hashPassword } from '../kernel/passwords.ts';
import { hashToken, newToken } from '../kernel/tokens.ts';
import { queueMessage } from '../platform/messages.ts';
import { revokeStaffSessions } from './staff-sessions.ts';

export async function findStaffByEmail(db: Db | Tx, email: string): Promise<StaffMemberRow | null> {
  const [row] = await db.select().from(staffMembers).where(sql`lower(${staffMembers.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return row ?? null;
}

export async function findStaff(db: Db | Tx, staffId: number): Promise<StaffMemberRow> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.staffId, staffId));
  if (!row) throw new AppError(404, 'No such staff member');
  return row;
}

export function enrolmentUrl(origin: string, token: string): string {
  // In the fragment: never sent to a server, so it stays out of access logs and Referer headers.
  return `${origin}/admin/enrol#${token}`;
}

/** A new one-time link; any earlier unused link of the same staff member stops working. */
async function issueEnrolment(tx: Tx, staffId: number): Promise<string> {
  const token = newToken();
  const time = now();
  await tx
    .update(staffEnrolments)
    .set({ useDate: time })
    .where(and(eq(staffEnrolments.staffId, staffId), isNull(staffEnrolments.useDate)));
  await tx.insert(staffEnrolments).values({ staffId, tokenHash: hashToken(token), expireDate: addHours(time, staffEnrolmentHours), createDate: time });
  return token;
}

/**
 * A new staff member with an enrolment link: from the command line (`actor` the system) or an owner's invitation.
 * Refused when the email already belongs to a staff member.
 */
export async function createStaff(
  deps: Pick<Deps, 'db' | 'config'>,
  actor: StaffActor,
  input: { email: string; name: string; role: StaffRole },
): Promise<{ staff: StaffMemberRow; enrolmentUrl: string }> {
  const email = input.email.trim().toLowerCase();
  return deps.db.transaction(async (tx) => {
    if (await findStaffByEmail(tx, email)) throw new AppError(409, `${email} is already a staff member`);
    const [staff] = await tx
      .insert(staffMembers)
      .values({ email, name: input.name, role: input.role, status: 'invited', invitedBy: actor.staffId, createDate: now() })
      .returning();
    const token = await issueEnrolment(tx, staff.staffId);
    await recordAudit(tx, actor, {
      action: 'staff.invite',
      targetType: 'staff',
      targetId: staff.staffId,
      targetLabel: email,
      after: { email, name: input.name, role: input.role },
    });
    return { staff, enrolmentUrl: enrolmentUrl(deps.config.publicOrigin, token) };
  });
}

function invitationText(input: { name: string; role: StaffRole; inviter: string | null; url: string; brandName: string }): string {
  return [
    `Hello ${input.name},`,
    '',
    `${input.inviter ?? 'An owner'} invited you to the ${input.brandName} back office as ${staffRoleLabels[input.role].label} (${staffRoleLabels[input.role].description.toLowerCase()}).`,
    '',
    `Set your password and your second factor (an authenticator app or a passkey) here within ${staffEnrolmentHours} hours:`,
    input.url,
    '',
    'If you did not expect this, ignore this email: nothing happens until the link is used.',
  ].join('\n');
}

/** An owner invites a staff member: the account, the link, and the link emailed. */
export async function inviteStaff(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  actor: StaffActor,
  input: { email: string; name: string; role: StaffRole },
  brandName: string,
): Promise<StaffMember> {
  const { staff, enrolmentUrl: url } = await createStaff(deps, actor, input);
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: staff.email,
    subject: `You are invited to the ${brandName} back office`,
    text: invitationText({ name: staff.name, role: staff.role, inviter: actor.email, url, brandName }),
  });
  return (await listStaff(deps.db)).find((member) => member.staffId === staff.staffId)!;
}

/**
 * An invitation sent again (a new link; the old one stops working): for someone who has not enrolled, or who set a
 * password but never added a second factor. The latter is invited afresh: the password is cleared and their sessions
 * end, so only the new link (and the password chosen there) reaches the account.
 */
export async function resendInvitation(deps: Pick<Deps, 'db' | 'config' | 'jobs'>, actor: StaffActor, staffId: number, brandName: string): Promise<void> {
  const { staff, token } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffMembers).where(eq(staffMembers.staffId, staffId)).for('update');
    if (!row) throw new AppError(404, 'No such staff member');
    const halfEnrolled = row.status === 'active' && row.totpSecret === null && (await passkeyCount(tx, staffId)) === 0;
    if (row.status !== 'invited' && !halfEnrolled) throw new AppError(409, `${row.email} has already enrolled`);
    if (halfEnrolled) {
      await tx.update(staffMembers).set({ passwordHash: null, totpPendingSecret: null, status: 'invited' }).where(eq(staffMembers.staffId, staffId));
      await revokeStaffSessions(tx, staffId);
    }
    const issued = await issueEnrolment(tx, staffId);
    await recordAudit(tx, actor, {
      action: 'staff.resend-invitation',
      targetType: 'staff',
      targetId: staffId,
      targetLabel: row.email,
      ...(halfEnrolled ? { before: { status: 'active', secondFactor: false }, after: { status: 'invited' } } : {}),
    });
    return { staff: row, token: issued };
  });
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: staff.email,
    subject: `You are invited to the ${brandName} back office`,
    text: invitationText({ name: staff.name, role: staff.role, inviter: actor.email, url: enrolmentUrl(deps.config.publicOrigin, token), brandName }),
  });
}

async function passkeyCount(db: Db | Tx, staffId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId));
  return row.n;
}

export const enrolmentLapsedMessage = `You did not add a second factor within ${staffEnrolmentHours} hours of your invitation. Ask an owner for a new invitation.`;

/**
 * A staff member with a password but no second factor may add one only while their enrolment link would still be
 * valid: past its hours the password alone opens nothing, so a leaked password cannot finish someone's enrolment.
 */
export async function requireEnrolmentOpen(db: Db, staffId: number): Promise<void> {
  // A member with a factor who proved an emailed code is replacing a lost one: their session's minutes are the limit.
  const staff = await findStaff(db, staffId);
  if (staff.totpSecret !== null || (await passkeyCount(db, staffId)) > 0) return;
  const [link] = await db
    .select({ expireDate: staffEnrolments.expireDate })
    .from(staffEnrolments)
    .where(eq(staffEnrolments.staffId, staffId))
    .orderBy(desc(staffEnrolments.staffEnrolmentId))
    .limit(1);
  if (!link || link.expireDate <= now()) throw new AppError(403, enrolmentLapsedMessage);
}

/** Every staff member, owners first, then by name. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const inviters = db.$with('inviters').as(db.select({ inviterId: staffMembers.staffId, inviterEmail: staffMembers.email }).from(staffMembers));
  const rows = await db
    .with(inviters)
    .select({
      staff: staffMembers,
      passkeys: sql<number>`(select count(*)::int from ${staffPasskeys} where ${staffPasskeys.staffId} = ${staffMembers.staffId})`,
      invitedBy: inviters.inviterEmail,
    })
    .from(staffMembers)
    .leftJoin(inviters, eq(inviters.inviterId, staffMembers.invitedBy))
    .orderBy(sql`${staffMembers.role} <> 'owner'`, asc(staffMembers.name), asc(staffMembers.staffId));
  return rows.map(({ staff, passkeys, invitedBy }) => ({
    staffId: staff.staffId,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    status: staff.status,
    hasTotp: staff.totpSecret !== null,
    passkeys,
    createDate: staff.createDate.toISOString(),
    lastSignInDate: staff.lastSignInDate?.toISOString() ?? null,
    invitedBy,
  }));
}

async function activeOwners(tx: Tx, exceptStaffId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, 'owner'), eq(staffMembers.status, 'active'), ne(staffMembers.staffId, exceptStaffId)));
  return row.n;
}

/**
 * An owner changes a staff member's role or disables (or re-enables) them. Nobody changes their own role or status
 * (no owner locks themselves out by a slip), and the last active owner stays one. A change of role or a disable
 * ends the member's sessions, so the new permissions hold from their next request.
 */
export async function updateStaff(
  deps: Pick<Deps, 'db'>,
  actor: StaffActor,
  staffId: number,
  input: { role?: StaffRole; status?: 'active' | 'disabled'; reason?: string },
): Promise<StaffMember> {
  if (actor.staffId === staffId) throw new AppError(403, 'You cannot change your own role or status; ask another owner');
  await deps.db.transaction(async (tx) => {
    // Changes of staff roles take turns: two owners demoting each other at once would each still count the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dotspot:staff-roles'))`);
    if (actor.staffId !== null) {
      const [me] = await tx.select().from(staffMembers).where(eq(staffMembers.staffId, actor.staffId));
      if (me?.role !== 'owner' || me.status !== 'active') throw new AppError(403, 'Only an active owner may change staff roles');
    }
    const [staff] = await tx.select().from(staffMembers).where(eq(staffMembers.staffId, staffId)).for('update');
    if (!staff) throw new AppError(404, 'No such staff member');
    const role = input.role ?? staff.role;
    let status = staff.status;
    if (input.status === 'disabled') status = 'disabled';
    if (input.status === 'active' && staff.status === 'disabled') status = staff.enrolDate ? 'active' : 'invited';
    const losesOwner = staff.role === 'owner' && staff.status === 'active' && (role !== 'owner' || status !== 'active');
    if (losesOwner && (await activeOwners(tx, staffId)) === 0) throw new AppError(409, 'The back office needs at least one active owner');
    if (role === staff.role && status === staff.status) return;
    await tx.update(staffMembers).set({ role, status }).where(eq(staffMembers.staffId, staffId));
    await revokeStaffSessions(tx, staffId);
    await recordAudit(tx, actor, {
      action: status !== staff.status ? (status === 'disabled' ? 'staff.disable' : 'staff.enable') : 'staff.change-role',
      targetType: 'staff',
      targetId: staffId,
      targetLabel: staff.email,
      before: { role: staff.role, status: staff.status },
      after: { role, status },
      reason: input.reason,
    });
  });
  return (await listStaff(deps.db)).find((member) => member.staffId === staffId)!;
}

/**
 * Clears a staff member's password and second factors (a lost phone), ends their sessions and issues a new enrolment
 * link. Only the link enrols again, so a password alone never reaches an account without a second factor.
 */
async function clearSignIn(
  deps: Pick<Deps, 'db' | 'config'>,
  actor: StaffActor,
  staffId: number,
  reason: string,
): Promise<{ staff: StaffMemberRow; url: string }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffMembers).where(eq(staffMembers.staffId, staffId)).for('update');
    if (!row) throw new AppError(404, 'No such staff member');
    if (row.status === 'disabled') throw new AppError(409, `${row.email} is disabled; enable them first`);
    const passkeys = await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)).returning({ id: staffPasskeys.staffPasskeyId });
    await tx
      .update(staffMembers)
      .set({ totpSecret: null, totpPendingSecret: null, passwordHash: null, status: 'invited' })
      .where(eq(staffMembers.staffId, staffId));
    await revokeStaffSessions(tx, staffId);
    const token = await issueEnrolment(tx, staffId);
    await recordAudit(tx, actor, {
      action: 'staff.reset-factors',
      targetType: 'staff',
      targetId: staffId,
      targetLabel: row.email,
      before: { totp: row.totpSecret !== null, passkeys: passkeys.length },
      after: { totp: false, passkeys: 0 },
      reason,
    });
    return { staff: row, url: enrolmentUrl(deps.config.publicOrigin, token) };
  });
}

/** An owner resets another staff member's sign-in: the new enrolment link is emailed to them. */
export async function resetStaffFactors(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  actor: StaffActor,
  staffId: number,
  reason: string,
  brandName: string,
): Promise<void> {
  if (actor.staffId === staffId) throw new AppError(403, 'Ask another owner to reset your own second factors');
  const { staff, url } = await clearSignIn(deps, actor, staffId, reason);
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: staff.email,
    subject: `Your ${brandName} back office sign-in was reset`,
    text: [
      `Hello ${staff.name},`,
      '',
      `${actor.email ?? 'An owner'} reset your password and second factors for the ${brandName} back office.`,
      `Set them again here within ${staffEnrolmentHours} hours:`,
      url,
    ].join('\n'),
  });
}

/** The command line's way back in for an owner who lost their second factor: the link is printed, not emailed. */
export async function resetStaffFromCommandLine(
  deps: Pick<Deps, 'db' | 'config'>,
  actor: StaffActor,
  email: string,
  reason: string,
): Promise<{ staff: StaffMemberRow; enrolmentUrl: string }> {
  const staff = await findStaffByEmail(deps.db, email);
  if (!staff) throw new AppError(404, `${email} is not a staff member`);
  const { url } = await clearSignIn(deps, actor, staff.staffId, reason);
  return { staff, enrolmentUrl: url };
}

/** Whom an enrolment link is for; 404 when it is unknown, 410 when used or expired. */
export async function readEnrolment(db: Db, token: string): Promise<StaffEnrolmentView> {
  const [row] = await db
    .select({ enrolment: staffEnrolments, staff: staffMembers })
    .from(staffEnrolments)
    .innerJoin(staffMembers, eq(staffMembers.staffId, staffEnrolments.staffId))
    .where(eq(staffEnrolments.tokenHash, hashToken(token)));
  if (!row) throw new AppError(404, 'This enrolment link is not valid. Ask an owner for a new one.');
  if (row.enrolment.useDate || row.enrolment.expireDate <= now() || row.staff.status === 'disabled') {
    throw new AppError(410, 'This enrolment link has expired or was already used. Ask an owner for a new one.');
  }
  return { email: row.staff.email, name: row.staff.name, role: row.staff.role, expiresAt: row.enrolment.expireDate.toISOString() };
}

/**
 * Spends an enrolment link: the name and password are set, and the member is active. The caller opens an `enrol`
 * session: a second factor comes next, before anything else.
 */
export async function completeEnrolment(db: Db, input: { token: string; name: string; password: string }, ip: string): Promise<StaffMemberRow> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const time = now();
    const [spent] = await tx
      .update(staffEnrolments)
      .set({ useDate: time })
      .where(and(eq(staffEnrolments.tokenHash, hashToken(input.token)), isNull(staffEnrolments.useDate), gt(staffEnrolments.expireDate, time)))
      .returning();
    if (!spent) throw new AppError(410, 'This enrolment link has expired or was already used. Ask an owner for a new one.');
    const [staff] = await tx
      .update(staffMembers)
      .set({ name: input.name, passwordHash, status: 'active', enrolDate: time })
      .where(and(eq(staffMembers.staffId, spent.staffId), ne(staffMembers.status, 'disabled')))
      .returning();
    if (!staff) throw new AppError(410, 'This enrolment link has expired or was already used. Ask an owner for a new one.');
    await recordAudit(
      tx,
      { staffId: staff.staffId, email: staff.email, role: staff.role, ip },
      {
        action: 'staff.enrol',
        targetType: 'staff',
        targetId: staff.staffId,
        targetLabel: staff.email,
      },
    );
    return staff;
  });
}

export function permissionsOf(role: StaffRole) {
  return [...rolePermissions[role]];
}
