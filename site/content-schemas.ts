/**
 * What each content collection's front matter may hold (Astro's content config and the content check share these).
 * Every field an editor can change is declared here; the content check refuses a field that is not.
 */
import { z } from 'astro/zod';

const link = z.object({ label: z.string(), href: z.string() });
const cents = z.number().int().nonnegative();

export const pageSchema = z
  .object({
    /** Browser title and sharing title (the brand name is appended when missing). */
    title: z.string(),
    /** Meta and Open Graph description. */
    description: z.string(),
    /** Short label above the hero heading. */
    eyebrow: z.string().optional(),
    heading: z.string().optional(),
    heroHeading: z.string().optional(),
    heroSubheading: z.string().optional(),
    heroCta: link.optional(),
    /** A price the page advertises (cents) and its period, shown in the hero's price card. */
    price: cents.optional(),
    period: z.enum(['month', 'year']).optional(),
    priceNote: z.string().optional(),
    badge: z.string().optional(),
    freeTrial: z.boolean().optional(),
    webmail: link.optional(),
    /** A summary card beside the body copy. */
    aside: z.object({ heading: z.string(), items: z.array(z.string()), cta: link.optional() }).optional(),
    closing: z.object({ heading: z.string(), text: z.string().optional(), links: z.array(link) }).optional(),
    // Home
    popular: z
      .object({ heading: z.string(), footnote: z.string(), text: z.string().optional(), linkLabel: z.string().optional(), href: z.string().optional() })
      .optional(),
    /** The illustrative result card beside the home search box. */
    heroCard: z.object({ domain: z.string(), status: z.string(), price: z.string(), items: z.array(z.string()) }).optional(),
    /** Heading over a page's main section. */
    intro: z.object({ eyebrow: z.string().optional(), heading: z.string(), text: z.string().optional() }).optional(),
    stats: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    searchLabel: z.string().optional(),
    searchPlaceholder: z.string().optional(),
    // Search
    included: z.object({ heading: z.string(), features: z.array(z.object({ title: z.string(), text: z.string(), href: z.string().optional() })) }).optional(),
    support: z.object({ heading: z.string(), text: z.string(), linkLabel: z.string() }).optional(),
    // Website builder
    templatesHeading: z.string().optional(),
    templatesIntro: z.string().optional(),
    templates: z.array(z.object({ name: z.string(), description: z.string(), image: z.string().optional() })).optional(),
    // Pricing
    sections: z.object({ plans: z.string(), compare: z.string(), domainPricing: z.string() }).optional(),
    domainPricingIntro: z.string().optional(),
    plans: z
      .array(
        z.object({
          name: z.string(),
          price: cents,
          period: z.enum(['month', 'year']),
          features: z.array(z.string()),
          tagline: z.string().optional(),
          featured: z.boolean().optional(),
          cta: link.optional(),
        }),
      )
      .optional(),
    compare: z.array(z.object({ feature: z.string(), plans: z.array(z.string()) })).optional(),
    // WHOIS
    inputLabel: z.string().optional(),
    inputPlaceholder: z.string().optional(),
    buttonLabel: z.string().optional(),
    resultHeading: z.string().optional(),
    messages: z.object({ notFound: z.string(), noTld: z.string() }).optional(),
    links: z.array(link).optional(),
    disclaimer: z.string().optional(),
    transferLink: link.optional(),
  })
  .passthrough();

export const legalSchema = z
  .object({ title: z.string(), description: z.string(), heading: z.string().optional(), updated: z.coerce.date().optional() })
  .passthrough();

export const lessonSchema = z.object({ title: z.string(), description: z.string(), order: z.number().int() }).passthrough();

export const blogSchema = z
  .object({ title: z.string(), description: z.string(), pubDate: z.coerce.date(), author: z.string(), tags: z.array(z.string()).optional() })
  .passthrough();

/** Each collection: its folder under content/ and its front-matter schema. */
export const contentCollections = {
  pages: { folder: 'pages', schema: pageSchema },
  legal: { folder: 'legal', schema: legalSchema },
  lessons: { folder: 'lessons', schema: lessonSchema },
  blog: { folder: 'blog', schema: blogSchema },
} as const;
