/** The signed-in session as the account app and the kit use it: confirm it's you, API tokens, signing out, the admin hand-over. */
import { z } from 'zod';
import { apiTokenCreateSchema } from '../../contract/api-tokens/api-token-create.ts';
import { apiTokenSchema, createdApiTokenSchema } from '../../contract/api-tokens/api-token-schemas.ts';
import { confirmAnswerSchema, confirmChoicesSchema, passkeyOptionsSchema, webauthnOptionsSchema } from '../../contract/auth/mfa.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

/** One proof (the route reads which by its fields): a password, `mfaId` to open a code challenge, the code, or a passkey. */
const confirmRequestSchema = z.looseObject({});

export const sessionAppOperations = {
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
};
