/** Staff accounts and their sign-in, as the admin API answers and accepts them (types free of zod; schemas in staff-schemas.ts). */
import type { StaffRole } from './roles.ts';

export type StaffStatus = 'invited' | 'active' | 'disabled';

/** A staff member as the Staff screen lists them. */
export type StaffMember = {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  /** Which second factors they have: an authenticator app, passkeys (how many). */
  hasTotp: boolean;
  passkeys: number;
  createDate: string;
  lastSignInDate: string | null;
  invitedBy: string | null;
};

/**
 * Where a sign-in stands. `enrol`: the password is set and a second factor must be added before anything else;
 * `mfa`: the password was right, a second factor is asked for; `active`: signed in.
 */
export type StaffSessionState = 'enrol' | 'mfa' | 'active';

/** GET /api/admin/session. */
export type { StaffSessionView } from './staff-schemas.ts';

/** POST /api/admin/session (password) and the enrolment: what comes next. */
export type StaffSignInStep = { next: StaffSessionState; factors: { totp: boolean; passkeys: number } };

/** GET /api/admin/enrolment/:token: whom the link enrols. */
export type StaffEnrolmentView = { email: string; name: string; role: StaffRole; expiresAt: string };

/** POST /api/admin/session/totp: a fresh secret to scan (confirmed by the first code). */
export type StaffTotpSetup = { secret: string; otpauthUrl: string; qrSvg: string };

/** The session lifetimes (DESIGN.md: 8 hours at most, 30 minutes idle). */
export const staffSessionHours = 8;
export const staffIdleMinutes = 30;
/** How long an enrolment link works. */
export const staffEnrolmentHours = 72;
