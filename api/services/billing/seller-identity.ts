/**
 * The operator's identity on invoices and credit notes (OPERATOR_TAX_ID, OPERATOR_COUNTRY, EPP_REGISTRAR_NAME), set
 * once from configuration when the process starts: checkout records an order's invoice deep inside its last
 * transaction, where only the database handle is passed.
 */
import type { Config } from '../../config.ts';

export type SellerIdentity = { name: string; country: string; taxId: string | null };

let seller: SellerIdentity = { name: 'Dotspot, Inc.', country: 'US', taxId: null };
let registrations: readonly string[] = ['EU'];

export function setSellerIdentity(
  config: Pick<Config, 'EPP_REGISTRAR_NAME' | 'OPERATOR_COUNTRY' | 'OPERATOR_TAX_ID'> & Partial<Pick<Config, 'TAX_REGISTRATIONS'>>,
): void {
  seller = { name: config.EPP_REGISTRAR_NAME, country: config.OPERATOR_COUNTRY, taxId: config.OPERATOR_TAX_ID ?? null };
  registrations = config.TAX_REGISTRATIONS ?? ['EU'];
}

export const sellerIdentity = (): SellerIdentity => seller;

/** Where the operator collects tax (TAX_REGISTRATIONS) and its registered country: what checkout's tax decision needs. */
export const taxOperator = (): { country: string; registrations: readonly string[] } => ({ country: seller.country, registrations });
