/** Invoices and credit notes as the customer's Orders and the back office read them. */
export type BillingDocumentLine = { description: string; amount: number; discount: number; credit: number; taxRate: number; tax: number; total: number };

export type BillingDocumentView = {
  documentId: number;
  kind: 'invoice' | 'creditNote';
  /** `INV-2026-000001` or `CN-2026-000001`: per series and year, without gaps. */
  number: string;
  orderId: number | null;
  refundId: number | null;
  /** A credit note's invoice number. */
  invoiceNumber: string | null;
  lines: BillingDocumentLine[];
  subtotal: number;
  discount: number;
  credit: number;
  tax: number;
  total: number;
  card: number;
  seller: { name: string; country: string; taxId: string | null };
  buyer: { email: string | null; country: string | null; taxId: string | null; taxNote?: string | null };
  createDate: string;
};
