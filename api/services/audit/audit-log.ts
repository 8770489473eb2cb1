/**
 * The audit log: every staff write, and every staff read of a customer's personal data, appends one row (who, role,
 * when, from where, what, to what, before and after, why). The table refuses UPDATE, DELETE and TRUNCATE
 * (migrations/0023). An entry about a customer's account with a sentence for them also appears in their Account
 * activity, without the staff member's name.
 */
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { type AuditEntry, actionNeedsReason, minReasonLength } from '../../contract/audit/audit.ts';
import { findControlCharacter } from '../../contract/free-text.ts';
import type { ListResult } from '../../contract/list.ts';
import { type StaffRole, staffRoleLabels } from '../../contract/staff/roles.ts';
import type { Db } from '../../db/client.ts';
import { accountActivity, auditLog, type AuditLogRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** Who acts: a staff member (from their session and the request's client address), or the system. */
export type StaffActor = { staffId: number | null; email: string | null; role: StaffRole | null; ip: string | null };

/** The command line (`npm run admin`) and jobs: no staff member, no address. */
export const systemActor: StaffActor = { staffId: null, email: null, role: null, ip: null };

export type AuditInput = {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  targetLabel?: string | null;
  accountId?: number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** The sentence the customer reads in Account activity; without one the entry is for staff only. */
  customerSummary?: string;
  /** When the reason stays internal (a refund's): what the customer reads beside the sentence instead; null: nothing. */
  customerReason?: string | null;
};

/** Anything that can insert: the database or a transaction, so an entry commits with the change it records. */
type Writer = Pick<Db, 'insert'>;

/** Throws the 400 a missing or too short reason gets, for actions that need one; call it before acting. */
export function requireReason(action: string, reason: string | null | undefined): string | null {
  const text = reason?.trim() ?? '';
  const control = findControlCharacter(text);
  if (control)
    throw new AppError(400, `The reason contains a control character (${control}): remove it and try again`, {
      errors: { reason: ['Remove the control character'] },
    });
  if (actionNeedsReason(action) && text.length < minReasonLength) {
    throw new AppError(400, `Give a reason (at least ${minReasonLength} characters): it is kept in the audit log`, { errors: { reason: ['Give a reason'] } });
  }
  return text || null;
}

function rowToEntry(row: AuditLogRow): AuditEntry {
  return { ...row, at: row.at.toISOString() };
}

/** Who the customer is told acted: the team, never the person. */
export function teamLabel(role: StaffRole | null): string {
  return role ? `${staffRoleLabels[role].label} team` : 'Our staff';
}

/** Appends one entry (and the customer's Account activity row when it has a sentence for them). */
export async function recordAudit(db: Writer, actor: StaffActor, input: AuditInput): Promise<AuditEntry> {
  const reason = requireReason(input.action, input.reason);
  const at = now();
  const [row] = await db
    .insert(auditLog)
    .values({
      at,
      staffId: actor.staffId,
      staffEmail: actor.email,
      staffRole: actor.role,
      clientIp: actor.ip,
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId == null ? null : String(input.targetId),
      targetLabel: input.targetLabel ?? null,
      accountId: input.accountId ?? null,
      before: input.before ?? null,
      after: input.after ?? null,
      reason,
    })
    .returning();
  if (input.accountId != null && input.customerSummary) {
    await db.insert(accountActivity).values({
      accountId: input.accountId,
      at,
      source: 'staff',
      kind: input.action,
      summary: input.customerSummary,
      actor: teamLabel(actor.role),
      reason: input.customerReason === undefined ? reason : input.customerReason,
      auditId: row.auditId,
    });
  }
  return rowToEntry(row);
}

export type AuditFilters = {
  /** Words found in the action, target, staff email, reason or address. */
  q?: string;
  /** An action, an area (`domain`) or words of one (`suspend` finds `domain.suspend`). */
  action?: string;
  staffId?: number;
  staff?: string;
  accountId?: number;
  customer?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
};

/** An account number (with or without #), or words of a login email: the entries about that customer's account. */
function customerFilter(customer: string, literal: (word: string) => string): SQL {
  const number = customer.replace(/^#/, '');
  if (/^\d{1,9}$/.test(number)) return eq(auditLog.accountId, Number(number));
  return inArray(auditLog.accountId, sql`(select ${users.accountId} from ${users} where ${users.email} ilike ${`%${literal(customer)}%`})`);
}

function whereOf(filters: AuditFilters): SQL | undefined {
  const words = (filters.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const literal = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    ...words.map((word) =>
      or(
        ilike(auditLog.action, `%${literal(word)}%`),
        ilike(auditLog.targetLabel, `%${literal(word)}%`),
        ilike(auditLog.targetId, literal(word)),
        ilike(auditLog.staffEmail, `%${literal(word)}%`),
        ilike(auditLog.reason, `%${literal(word)}%`),
        ilike(auditLog.clientIp, `${literal(word)}%`),
      ),
    ),
    // In words: "suspend" finds domain.suspend (and unsuspend), "reset factors" customer.reset-factors, "domain" the area.
    ...(filters.action ?? '')
      .toLowerCase()
      .split(/[\s.\-_]+/)
      .filter(Boolean)
      .slice(0, 8)
      .map((word) => ilike(auditLog.action, `%${literal(word)}%`)),
    filters.staffId !== undefined ? eq(auditLog.staffId, filters.staffId) : undefined,
    filters.staff ? ilike(auditLog.staffEmail, `%${literal(filters.staff)}%`) : undefined,
    filters.customer ? customerFilter(filters.customer, literal) : undefined,
    filters.accountId !== undefined ? eq(auditLog.accountId, filters.accountId) : undefined,
    filters.targetType ? eq(auditLog.targetType, filters.targetType) : undefined,
    filters.targetId ? eq(auditLog.targetId, filters.targetId) : undefined,
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.to ? lt(auditLog.at, filters.to) : undefined,
  );
}

/** Newest first. */
export async function searchAudit(db: Db, filters: AuditFilters, page: { limit: number; skip: number }): Promise<ListResult<AuditEntry>> {
  const where = whereOf(filters);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where);
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.auditId)).limit(page.limit).offset(page.skip);
  return { total, limit: page.limit, skip: page.skip, data: rows.map(rowToEntry) };
}

/** The most one export holds; narrow the filters (a date range) for more. */
export const maxAuditExportRows = 100_000;

export async function auditEntriesForExport(db: Db, filters: AuditFilters): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).where(whereOf(filters)).orderBy(desc(auditLog.at), desc(auditLog.auditId)).limit(maxAuditExportRows);
  return rows.map(rowToEntry);
}
