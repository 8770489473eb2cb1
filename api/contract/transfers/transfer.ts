/** POST /api/domainTransferCheck (storefront spec §3): what it takes, and its answer for one domain, shared by server and page. */
import '../zod-config.ts';
import { z } from 'zod';

/** Names checked in one call. */
export const maxTransferCheck = 50;

export const transferCheckSchema = z.object({
  domains: z.array(z.string().max(253)).min(1, 'No domains entered').max(maxTransferCheck, `Check at most ${maxTransferCheck} domains at a time`),
});

/** The answer for one domain. */
export type TransferCheckResult = {
  domain: string;
  ok: boolean;
  reason: string | null;
  /** For one year: the catalogue's price, or the registry's premium fee. */
  transferPrice: number | null;
  /** The registry prices this name's transfer as premium (transferPrice is its fee). */
  premium: boolean;
  renewPrice: number | null;
  registrarName: string | null;
  expireDate: string | null;
  createDate: string | null;
};
