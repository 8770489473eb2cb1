/**
 * The back office's session: who is signed in, signing in step by step (the password, the app's code, an emailed
 * code, a passkey), enrolling through a link, adding a second factor, and signing out. Each step that finishes one
 * answers what comes next and sets the session cookie.
 */
import { z } from 'zod';
import { webauthnOptionsSchema } from '../../contract/auth/mfa.ts';
import {
  staffCodeSchema,
  staffEmailCodeSchema,
  staffEnrolmentTokenSchema,
  staffEnrolmentViewSchema,
  staffEnrolSchema,
  staffFactorAddedSchema,
  staffPasskeyAnswerSchema,
  staffPasskeyOptionsSchema,
  staffSessionViewSchema,
  staffSignInSchema,
  staffSignInStepSchema,
  staffTotpConfirmSchema,
  staffTotpSetupSchema,
} from '../../contract/staff/staff-schemas.ts';
import { answers } from './answers.ts';

const step = answers('StaffSignInStep', staffSignInStepSchema);
const factorAdded = answers('StaffFactorAdded', staffFactorAddedSchema);
const passkeyAnswer = { name: 'StaffPasskeyAnswer', schema: staffPasskeyAnswerSchema };
const options = answers('WebauthnOptions', webauthnOptionsSchema);

export const adminSessionAppOperations = {
  'GET /admin/session': { summary: 'Who is signed in to the back office', response: answers('StaffSessionView', staffSessionViewSchema) },
  'DELETE /admin/session': { summary: 'Sign out of the back office', response: answers('StaffSignedOut', z.strictObject({ success: z.literal(true) })) },
  'POST /admin/session': {
    summary: 'Sign in with the email and password (a bot check after repeated failures); a second factor comes next',
    body: { name: 'StaffSignIn', schema: staffSignInSchema },
    response: step,
  },
  'POST /admin/session/code': { summary: "The authenticator app's code", body: { name: 'StaffCode', schema: staffCodeSchema }, response: step },
  'POST /admin/session/passkeyOptions': { summary: 'Options for the browser to sign in with a passkey', response: options },
  'POST /admin/session/passkey': { summary: "The browser's passkey answer", body: passkeyAnswer, response: step },
  'POST /admin/session/emailCode': {
    summary: 'Email a code: with the password it stands in for a lost app, or proves it is the member before a factor changes',
    response: answers('StaffEmailCodeSent', z.strictObject({ success: z.literal(true), message: z.string() })),
  },
  'POST /admin/session/emailCode/verify': {
    summary: 'The emailed code at the second-factor step: opens a session that may only add a second factor',
    body: { name: 'StaffEmailCode', schema: staffEmailCodeSchema },
    response: step,
  },
  'POST /admin/session/totp': { summary: 'A new authenticator secret to scan', response: answers('StaffTotpSetup', staffTotpSetupSchema) },
  'POST /admin/session/totp/confirm': {
    summary: "Confirm the new app with its first code (replacing one also takes a proof: the current app's code, or the password and an emailed code)",
    body: { name: 'StaffTotpConfirm', schema: staffTotpConfirmSchema },
    response: factorAdded,
  },
  'POST /admin/session/passkeyRegistrationOptions': {
    summary: 'Options for the browser to create a passkey (no body at enrolment; a signed-in member sends a proof)',
    body: { name: 'StaffPasskeyOptions', schema: staffPasskeyOptionsSchema, optional: true },
    response: options,
  },
  'POST /admin/session/passkeys': { summary: 'Add a passkey from the browser’s answer', body: passkeyAnswer, response: factorAdded },
  'POST /admin/enrolment/check': {
    summary: 'Whom an enrolment link enrols',
    body: { name: 'StaffEnrolmentToken', schema: staffEnrolmentTokenSchema },
    response: answers('StaffEnrolmentView', staffEnrolmentViewSchema),
  },
  'POST /admin/enrolment': {
    summary: 'Set the name and password through the link; a second factor comes next',
    body: { name: 'StaffEnrol', schema: staffEnrolSchema },
    response: step,
  },
};
