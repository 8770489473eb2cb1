/**
 * Staff sessions: created at each step of a staff sign-in (the token rotates at every step), resolved per request
 * from the `ds_staff` cookie, and dead 8 hours after sign-in or 30 minutes after the last request, whichever is first.
 */
import { addHours } from 'date-fns/addHours';
import { addMinutes } from 'date-fns/addMinutes';
import { min as minDate } from 'date-fns/min';
import { subMinutes } from 'date-fns/subMinutes';
import { subSeconds } from 'date-fns/subSeconds';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { type StaffSessionState, staffIdleMinutes, staffSessionHours } from '../../contract/staff/staff.ts';
import type { Db } from '../../db/client.ts';
import { staffMembers, staffSessions } from '../../db/schema/index.ts';
import type { StaffAuth } from '../../deps.ts';
import { hashToken, newToken } from '../kernel/tokens.ts';

/** A sign-in waiting for its second factor, or for one to be added, has this long. */
export const pendingStaffSessionMinutes = 15;
/** The last-seen time is written at most this often per session (every request would be a write). */
const touchEverySeconds = 60;

export type StaffClient = { ip: string; userAgent?: string };

export async function createStaffSession(
  db: Pick<Db, 'insert'>,
  input: { staffId: number; state: StaffSessionState; client: StaffClient },
): Promise<{ token: string; expireDate: Date }> {
  const token = newToken();
  const time = now();
  const expireDate = input.state === 'active' ? addHours(time, staffSessionHours) : addMinutes(time, pendingStaffSessionMinutes);
  await db.insert(staffSessions).values({
    staffId: input.staffId,
    tokenHash: hashToken(token),
    state: input.state,
    ip: input.client.ip,
    userAgent: input.client.userAgent?.slice(0, 500),
    createDate: time,
    lastSeenDate: time,
    expireDate,
  });
  return { token, expireDate };
}

/** The live session behind a cookie token, its last-seen time moved on; null when unknown, ended, idle or its holder disabled. */
export async function resolveStaffSession(db: Db, token: string): Promise<StaffAuth | null> {
  const time = now();
  const [row] = await db
    .select({
      staffSessionId: staffSessions.staffSessionId,
      staffId: staffSessions.staffId,
      state: staffSessions.state,
      createDate: staffSessions.createDate,
      expireDate: staffSessions.expireDate,
      lastSeenDate: staffSessions.lastSeenDate,
      email: staffMembers.email,
      name: staffMembers.name,
      role: staffMembers.role,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.staffId, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokeDate),
        gt(staffSessions.expireDate, time),
        gt(staffSessions.lastSeenDate, subMinutes(time, staffIdleMinutes)),
        ne(staffMembers.status, 'disabled'),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.lastSeenDate < subSeconds(time, touchEverySeconds)) {
    await db.update(staffSessions).set({ lastSeenDate: time }).where(eq(staffSessions.staffSessionId, row.staffSessionId));
    row.lastSeenDate = time;
  }
  return row;
}

export async function revokeStaffSession(db: Pick<Db, 'update'>, staffSessionId: number): Promise<void> {
  await db.update(staffSessions).set({ revokeDate: now() }).where(eq(staffSessions.staffSessionId, staffSessionId));
}

/** Every live session of a staff member (disabled, role changed, second factors reset). */
export async function revokeStaffSessions(db: Pick<Db, 'update'>, staffId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokeDate: now() })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokeDate), gt(staffSessions.expireDate, now())));
}

/** When the session ends if the holder does nothing: the earlier of its end and 30 minutes after the last request. */
export function idleExpiry(auth: Pick<StaffAuth, 'expireDate' | 'lastSeenDate'>): Date {
  const idle = addMinutes(auth.lastSeenDate, staffIdleMinutes);
  return minDate([idle, auth.expireDate]);
}
