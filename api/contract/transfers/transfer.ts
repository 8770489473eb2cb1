/** POST /api/domainTransferCheck (storefront spec §3): what it takes, and its answer for one domain, shared by server and page. */
import '../zod-config.ts';
import { z } from 'zod';

/** Names checked in one call. */
export const maxTransferCheck = 50;

export const transferCheckSchema = z.object({
  domains: z.array(z.string().max(253)).min(1, 'No domains entered').max(maxTransferCheck, `Check at most ${maxTransferCheck} domains at a time`),
});

/** The answer for one domain. */
export const transferCheckResultSchema = z.strictObject({
  domain: z.string(),
  ok: z.boolean(),
  reason: z.string().nullable(),
  /** For one year: the catalogue's price, or the registry's premium fee. */
  transferPrice: z.number().int().nullable(),
  /** The registry prices this name's transfer as premium (transferPrice is its fee). */
  premium: z.boolean(),
  renewPrice: z.number().int().nullable(),
  registrarName: z.string().nullable(),
  expireDate: z.string().nullable(),
  createDate: z.string().nullable(),
});
export type TransferCheckResult = z.infer<typeof transferCheckResultSchema>;
