/** Recovery codes (GET/POST /api/recoveryCodes, `recoveryCode` at sign-in): the shapes and the one way a typed code is read. */
export const recoveryCodeCount = 10;

export type RecoveryCodesStatus = { total: number; remaining: number; createDate: string | null };

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
