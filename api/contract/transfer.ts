/** The answer of POST /api/domainTransferCheck for one domain (storefront spec §3), shared by server and page. */
export type TransferCheckResult = {
  domain: string;
  ok: boolean;
  reason: string | null;
  transferPrice: number | null;
  renewPrice: number | null;
  registrarName: string | null;
  expireDate: string | null;
  createDate: string | null;
};
