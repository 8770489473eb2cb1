/** PATCH /api/accounts/0 (spec §7 Account update) and PATCH /api/users/0 (User update): bodies the API validates. */
import '../zod-config.ts';
import { z } from 'zod';
import { contactSchema } from '../contact.ts';
import { isCountryCode } from '../countries.ts';
import { newPasswordSchema } from '../auth/login-schemas.ts';

/** A contact as the account saves it: a country from the ISO list (the checkout form's), the phone in E.164. */
export const accountContactSchema = contactSchema.extend({
  country: contactSchema.shape.country.refine(isCountryCode, 'Choose a country from the list'),
});

export const accountUpdateSchema = z
  .strictObject({
    registrantContact: accountContactSchema.optional(),
    whoisAdminContact: accountContactSchema.optional(),
    whoisTechContact: accountContactSchema.optional(),
    whoisBillingContact: accountContactSchema.optional(),
    whoisRedactionOptOut: z.boolean().optional(),
    tdrpOptOut: z.boolean().optional(),
    advancedEnabled: z.boolean().optional(),
    /** A business's EU VAT number (confirmed with VIES before it is reverse-charged); null or empty removes it. */
    vatNumber: z.string().trim().max(30, 'A VAT number has at most 30 characters').nullable().optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), 'Nothing to change');
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/**
 * A signed-in login change: a new email and/or password, proved by the current password (or a recent sign-in or
 * confirmation). A recovery session sends only `password`.
 */
export const loginUpdateSchema = z
  .strictObject({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid email')).optional(),
    password: newPasswordSchema.optional(),
    currentPassword: z.string().max(1024).optional(),
  })
  .refine((update) => update.email !== undefined || update.password !== undefined, 'Enter a new email or password');
export type LoginUpdate = z.infer<typeof loginUpdateSchema>;

export const tdrpApprovalSchema = z.strictObject({ token: z.string().min(20).max(200) });
