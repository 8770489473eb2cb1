/**
 * GET /api/domainSearch/check (issue #15): availability and first-year price of a few full names, for scripts. The
 * answer is the search socket's result (contract/search/domain-search.ts), here as a zod schema so the OpenAPI document and
 * the tests read the same shape.
 */
import '../zod-config.ts';
import { z } from 'zod';
import type { DomainSearchResult } from './domain-search.ts';

/** Names one request may check: enough for a script's batch, few enough that it cannot stand in for a search. */
export const maxCheckDomains = 10;

export const domainCheckQuerySchema = z.object({
  domain: z
    .array(z.string().trim().min(1, 'Enter a domain name').max(253, 'A domain name is at most 253 characters'))
    .min(1, 'Give the name to check: ?domain=example.com')
    .max(maxCheckDomains, `Check at most ${maxCheckDomains} names at once`)
    .meta({
      description: `The full name to check, such as \`example.com\`; repeat for up to ${maxCheckDomains} names (\`?domain=a.com&domain=b.net\`). Unicode names are accepted and answered in punycode.`,
    }),
});

export const domainCheckResultSchema = z.strictObject({
  domain: z.string().meta({ description: 'The name in ASCII (punycode for an IDN)' }),
  available: z.boolean(),
  tld: z.string().meta({ description: 'The extension, without the dot' }),
  newPrice: z.number().int().nonnegative().meta({ description: "First-year price in US cents: the catalogue's, or the registry's premium price" }),
  humanPrice: z.string().meta({ description: 'newPrice as shown to customers, such as "$12.99"' }),
  renewPrice: z
    .number()
    .int()
    .nonnegative()
    .meta({ description: "What each later year costs in US cents: the catalogue's renewal price, or the registry's premium renewal price" }),
  isPremium: z.boolean(),
  categories: z.array(z.string()).meta({ description: "The extension's catalogue categories ('premium' for an available registry-premium name)" }),
  unicode: z.string().optional().meta({ description: 'The name in Unicode, present only when it differs from `domain`' }),
});

export const domainCheckAnswerSchema = z.strictObject({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(domainCheckResultSchema),
});

// The socket's result type and this schema are one shape: either changing alone fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof domainCheckResultSchema>, DomainSearchResult> = true;
void sameShape;
