/** Recovery codes (GET/POST /api/recoveryCodes, `recoveryCode` at sign-in): the shapes and the one way a typed code is read. */
import '../zod-config.ts';
import { z } from 'zod';

export const recoveryCodeCount = 10;

export const recoveryCodesStatusSchema = z.strictObject({ total: z.number().int(), remaining: z.number().int(), createDate: z.string().nullable() });
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatusSchema>;
/** POST /api/recoveryCodes: a new set, shown once. */
export const recoveryCodesIssuedSchema = recoveryCodesStatusSchema.extend({ codes: z.array(z.string()) });

/** What a person may type: any case, with or without the dashes and spaces the codes are shown with. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{16}$/.test(normaliseRecoveryCode(code));
}

/** The downloadable file: one code a line, with what they are for. */
export function recoveryCodesFile(codes: readonly string[], brandName: string): string {
  return [
    `${brandName} recovery codes`,
    '',
    'Each code signs you in once when you cannot use your second factor. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}
