/** GET /api/taxDisplay?country=NL: how a consumer in a country is shown prices before the cart (the storefront's "Prices for"). */
import { z } from 'zod';

export const taxDisplayQuerySchema = z.object({
  country: z
    .string({ error: 'Give a country as its two-letter ISO 3166 code, such as NL or US' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Give a country as its two-letter ISO 3166 code, such as NL or US')
    .transform((code) => code.toUpperCase()),
});

export const taxDisplaySchema = z.strictObject({
  /** The country asked for, upper-cased. */
  country: z.string(),
  /** `included`: prices are shown with the tax in them; `added`: tax comes on top at checkout; `none`: no tax is charged. */
  display: z.enum(['included', 'added', 'none']),
  /** The country-wide rate (0.21 is 21%); 0 where there is none, or where only a state's or province's tax applies. */
  rate: z.number(),
  /** `VAT`, `GST`, `Sales tax`; `Tax` where none is charged. */
  label: z.string(),
  /** The country's name for people: `Netherlands`, `United States`. */
  place: z.string(),
  /** The tax also depends on the state or province (US, Canada), so checkout works out the rest from the address. */
  regional: z.boolean(),
});
export type TaxDisplayAnswer = z.infer<typeof taxDisplaySchema>;
