/** Staff accounts and their sign-in, as the admin API answers and accepts them (types free of zod; schemas in staff-schemas.ts). */

export type StaffStatus = 'invited' | 'active' | 'disabled';

/**
 * Where a sign-in stands. `enrol`: the password is set and a second factor must be added before anything else;
 * `mfa`: the password was right, a second factor is asked for; `active`: signed in.
 */
export type StaffSessionState = 'enrol' | 'mfa' | 'active';

/** GET /api/admin/session, a sign-in step's answer, the enrolment link, a new authenticator secret, the Staff screen's rows. */
export type { StaffEnrolmentView, StaffMember, StaffPasskeyAnswer, StaffSessionView, StaffSignInStep, StaffTotpSetup } from './staff-schemas.ts';

/** The session lifetimes (DESIGN.md: 8 hours at most, 30 minutes idle). */
export const staffSessionHours = 8;
export const staffIdleMinutes = 30;
/** How long an enrolment link works. */
export const staffEnrolmentHours = 72;
