/** The answers of /api/apiTokens as zod schemas (apart from api-tokens.ts, so the account app's rules carry no zod). */
import '../zod-config.ts';
import { z } from 'zod';
import { apiScopes } from './api-scopes.ts';

/** A token as the list shows it: never its secret or hash. `expireDate` in the past means expired. */
export const apiTokenSchema = z.strictObject({
  apiTokenId: z.number().int(),
  name: z.string(),
  /** `dsp_` and the secret's next four characters. */
  displayPrefix: z.string(),
  scopes: z.array(z.enum(apiScopes)),
  allowedIps: z.array(z.string()),
  expireDate: z.string().nullable(),
  lastUsedDate: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  createDate: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to a creation: the only time the secret is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
