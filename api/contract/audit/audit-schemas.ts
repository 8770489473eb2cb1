/** zod for the audit log's reason and its search words (the admin API validates with them). */
import '../zod-config.ts';
import { z } from 'zod';
import { findControlCharacter } from '../free-text.ts';
import { minReasonLength } from './audit.ts';

/** The reason a staff member types for an action that needs one (contract/audit/audit.ts `actionsNeedingReason`). */
export const reasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(minReasonLength, `Give a reason (at least ${minReasonLength} characters): it is kept in the audit log`)
  .max(1000, 'Keep the reason under 1,000 characters')
  .refine((text) => findControlCharacter(text) === null, 'The reason contains a control character: remove it');

export const withReasonSchema = z.object({ reason: reasonSchema });

/** A note staff write for the customer to read beside an action whose reason stays internal; empty or absent: none. */
export const customerNoteSchema = z
  .string()
  .trim()
  .max(500, 'Keep the note to the customer under 500 characters')
  .refine((text) => findControlCharacter(text) === null, 'The note to the customer contains a control character: remove it')
  .transform((text) => text || null)
  .nullish();

const isoDate = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time' }).or(z.iso.date({ error: 'Use a date like 2026-11-25' }));

/** GET /api/admin/audit and /api/admin/audit/export. */
export const auditQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  staffId: z.coerce.number().int().positive().optional(),
  /** Words of the staff member's email ("maria", "support@"). */
  staff: z.string().trim().max(200).optional(),
  accountId: z.coerce.number().int().positive().optional(),
  /** The customer: their account number, or words of their login email. */
  customer: z.string().trim().max(200).optional(),
  targetType: z.string().trim().max(50).optional(),
  targetId: z.string().trim().max(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
