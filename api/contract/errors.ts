import './zod-config.ts';
import { z } from 'zod';

/** Error body every API failure answers with (DESIGN.md "API conventions"). */
export const apiErrorSchema = z.object({
  name: z.string(),
  message: z.string(),
  code: z.number().int(),
  data: z.unknown().optional(),
  redirect: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorNames: Record<number, string> = {
  400: 'BadRequest',
  401: 'NotAuthenticated',
  402: 'PaymentError',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  422: 'Unprocessable',
  429: 'TooManyRequests',
  500: 'GeneralError',
  502: 'BadGateway',
  503: 'Unavailable',
};
