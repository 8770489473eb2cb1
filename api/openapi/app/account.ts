/** Account Information and security as the account app reads and changes them: login, contacts, second factors, passkeys, activity. */
import { z } from 'zod';
import { accountActivitySchema } from '../../contract/accounts/account-activity.ts';
import { accountUpdateSchema, loginUpdateSchema, tdrpApprovalSchema } from '../../contract/accounts/account-update.ts';
import { phoneCodeSentSchema, validateAnswerSchema, validateRequestSchema } from '../../contract/carts/validate.ts';
import { verifyRegistrantSchema } from '../../contract/compliance/verification.ts';
import { verificationStatusSchema, verifyRegistrantAnswerSchema } from '../../contract/compliance/verification-schemas.ts';
import { sessionResponseSchema } from '../../contract/auth/login-schemas.ts';
import { currentUserSchema } from '../../contract/accounts/current-user.ts';
import {
  mfaAddedSchema,
  mfaAddSchema,
  mfaMethodSchema,
  mfaVerifySchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeyViewSchema,
  secondFactorDeleteSchema,
  webauthnOptionsSchema,
} from '../../contract/auth/mfa.ts';
import { recoveryCodesIssuedSchema, recoveryCodesStatusSchema } from '../../contract/auth/recovery-codes.ts';
import { accountSchema } from '../../contract/domains/domain.ts';
import { listPageQuerySchema } from '../../contract/list.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const idPath = z.object({ id: idParamSchema });
const removed = z.strictObject({ success: z.literal(true) });

export const accountAppOperations = {
  'GET /users/0': { summary: 'Who is signed in', response: answers('CurrentUser', currentUserSchema) },
  'PATCH /users/0': {
    summary: "Change the login email or password (a recovery session's new password answers as a sign-in does)",
    body: { name: 'LoginUpdate', schema: loginUpdateSchema },
    response: answers('LoginChanged', z.union([currentUserSchema, sessionResponseSchema])),
  },
  'PATCH /accounts/0': {
    summary: "Change the account's contacts and preferences",
    body: { name: 'AccountUpdate', schema: accountUpdateSchema },
    response: answers('Account', accountSchema),
  },
  'GET /accountActivity': {
    summary: 'What happened to the account, newest first',
    query: listPageQuerySchema,
    response: answers('AccountActivityList', listOf(accountActivitySchema)),
  },
  'GET /mfas': {
    summary: 'The two-factor methods, filtered by status',
    query: z.object({ status: z.array(z.enum(['pending', 'active', 'deleted'])).optional() }),
    response: answers('MfaMethodList', listOf(mfaMethodSchema)),
  },
  'POST /mfas': { summary: 'Add a two-factor method', body: { name: 'MfaAdd', schema: mfaAddSchema }, response: answers('MfaAdded', mfaAddedSchema, 201) },
  'PATCH /mfas/:id': {
    summary: 'Verify a method being added',
    path: idPath,
    body: { name: 'MfaVerify', schema: mfaVerifySchema },
    response: answers('MfaMethod', mfaMethodSchema),
  },
  'POST /mfas/:id/codes': { summary: 'Send a new code to a method being added', path: idPath, response: answers('MfaMethod', mfaMethodSchema) },
  'DELETE /mfas/:id': {
    summary: 'Remove a two-factor method',
    path: idPath,
    body: { name: 'SecondFactorDelete', schema: secondFactorDeleteSchema },
    response: answers('Removed', removed),
  },
  'GET /passkeys': { summary: 'The passkeys', response: answers('PasskeyList', listOf(passkeyViewSchema)) },
  'POST /passkeys/registrationOptions': { summary: 'Options for the browser to create a passkey', response: answers('WebauthnOptions', webauthnOptionsSchema) },
  'POST /passkeys': {
    summary: 'Add a passkey from the browser’s answer',
    body: { name: 'PasskeyRegister', schema: passkeyRegisterSchema },
    response: answers('Passkey', passkeyViewSchema, 201),
  },
  'PATCH /passkeys/:id': {
    summary: 'Rename a passkey',
    path: idPath,
    body: { name: 'PasskeyRename', schema: passkeyRenameSchema },
    response: answers('Passkey', passkeyViewSchema),
  },
  'DELETE /passkeys/:id': {
    summary: 'Remove a passkey',
    path: idPath,
    body: { name: 'SecondFactorDelete', schema: secondFactorDeleteSchema },
    response: answers('Removed', removed),
  },
  'POST /validate': {
    summary: 'Check a new login email or password while typing, or send or check the checkout phone code',
    body: { name: 'ValidateRequest', schema: validateRequestSchema },
    response: answers('ValidateAnswer', z.union([validateAnswerSchema, phoneCodeSentSchema])),
  },
  'POST /tdrpApprovals': {
    summary: 'The registrant approves a pending account change from the emailed link',
    body: { name: 'TdrpApproval', schema: tdrpApprovalSchema },
    response: answers('TdrpApproved', z.strictObject({ heldDomains: z.number().int(), holdUntil: z.string().nullable() })),
  },
  'GET /registrantVerifications/0': { summary: "The account's registrant verification", response: answers('VerificationStatus', verificationStatusSchema) },
  'POST /registrantVerifications/0/resend': { summary: 'Send the verification email again', response: answers('VerificationStatus', verificationStatusSchema) },
  'POST /registrantVerifications/verify': {
    summary: "The emailed verification link's token",
    body: { name: 'VerifyRegistrant', schema: verifyRegistrantSchema },
    response: answers('VerifyRegistrantAnswer', verifyRegistrantAnswerSchema),
  },
  'GET /recoveryCodes': { summary: 'How many recovery codes are left', response: answers('RecoveryCodesStatus', recoveryCodesStatusSchema) },
  'POST /recoveryCodes': { summary: 'A new set of recovery codes, shown once', response: answers('RecoveryCodesIssued', recoveryCodesIssuedSchema, 201) },
};
