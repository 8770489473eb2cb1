/** The session as the login page, the account app and the kit use it: signing in step by step, confirm it's you, API tokens, signing out, the admin hand-over, a staff view's page views. */
import { z } from 'zod';
import { apiTokenCreateSchema } from '../../contract/api-tokens/api-token-create.ts';
import { apiTokenSchema, createdApiTokenSchema } from '../../contract/api-tokens/api-token-schemas.ts';
import { sessionResponseSchema } from '../../contract/auth/login-schemas.ts';
import { confirmAnswerSchema, confirmChoicesSchema, passkeyOptionsSchema, webauthnOptionsSchema } from '../../contract/auth/mfa.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { viewAsPageViewSchema } from '../../contract/support/view-as.ts';
import { answers, noContent } from './answers.ts';

/** One proof (the route reads which by its fields): a password, `mfaId` to open a code challenge, the code, or a passkey. */
const confirmRequestSchema = z.looseObject({});
/** One sign-in step (the route reads which by its fields): email and password, `mfaId`, the code, a recovery code, a passkey, or `type: 'recovery'`. */
const signInStepSchema = z.looseObject({});

export const sessionAppOperations = {
  'POST /session': {
    summary:
      "Sign in, one step at a time: a password, the chosen second factor, its code, a recovery code or a passkey; or ask for a reset link, or open one (`type: 'recovery'`)",
    query: z.object({ postLoginUrl: z.string().optional() }),
    body: { name: 'SignInStep', schema: signInStepSchema },
    response: answers('SessionStep', sessionResponseSchema),
  },
  'GET /session': { summary: 'Sign out', response: answers('SignedOut', z.strictObject({ success: z.literal(true) })) },
  'GET /session/admin': {
    summary: "The back office's token for an admin customer (none for anyone else)",
    // Both set or both null; not a union of the two, whose `null`-only fields openapi-fetch's types would drop.
    response: answers('AdminSession', z.strictObject({ jwt: z.string().nullable(), username: z.string().nullable() })),
  },
  'POST /session/passkeyOptions': {
    summary: 'Options for the browser to sign in or confirm with a passkey',
    body: { name: 'PasskeyOptionsRequest', schema: passkeyOptionsSchema },
    response: answers('WebauthnOptions', webauthnOptionsSchema),
  },
  'GET /session/confirm': { summary: "The proofs this holder can give to confirm it's them", response: answers('ConfirmChoices', confirmChoicesSchema) },
  'POST /session/confirm': {
    summary: "Confirm it's you: a password, a code (mfaId opens the challenge, then mfaChallengeId with mfaToken) or a passkey",
    body: { name: 'ConfirmRequest', schema: confirmRequestSchema },
    response: answers('ConfirmAnswer', confirmAnswerSchema),
  },
  'GET /apiTokens': { summary: "The account's API tokens (never their secrets)", response: answers('ApiTokenList', listOf(apiTokenSchema)) },
  'POST /apiTokens': {
    summary: 'Create an API token with a second factor',
    body: { name: 'ApiTokenCreate', schema: apiTokenCreateSchema },
    response: answers('CreatedApiToken', createdApiTokenSchema, 201),
  },
  'DELETE /apiTokens/:id': {
    summary: 'Revoke an API token',
    path: z.object({ id: idParamSchema }),
    response: answers('Revoked', z.strictObject({ success: z.literal(true) })),
  },
  'POST /viewAs/pageViews': {
    summary: 'A page of the control panel a staff member opened in a view-as session, recorded in the audit log',
    body: { name: 'ViewAsPageView', schema: viewAsPageViewSchema },
    response: noContent('Recorded'),
  },
};
