/**
 * What a domain shows (control-panel spec §2 Service tab, modal 7, §9): the website builder's price and trial, the
 * forward options, and the builder's one-page site. GET /api/websites/:domainId answers `WebsiteSettings`; PATCH it
 * with `SiteContentUpdate` saves the site.
 */
import './zod-config.ts';
import { z } from 'zod';
import { planPrices } from './cart-pricing.ts';

/** The builder's monthly price (spec §9: $5 per month). */
export const builderMonthlyPrice = planPrices.website;
/** Days of the builder's free trial: the first charge for it comes after them. One trial per domain. */
export const builderTrialDays = 14;

/** The starter page's headline until the owner writes one. */
export const starterHeadline = 'Something great is coming soon';
export const defaultAccentColor = '#ff5b2e';
export const defaultBackgroundColor = '#ffffff';

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, 'Pick a colour like #1a2b3c')
  .transform((value) => value.toLowerCase());

export const siteContentSchema = z.strictObject({
  headline: z.string(),
  text: z.string(),
  accentColor: z.string(),
  backgroundColor: z.string(),
});
export type SiteContent = z.infer<typeof siteContentSchema>;

export const siteContentUpdateSchema = z.strictObject({
  headline: z.string().trim().min(1, 'Please enter a headline').max(120, 'Keep the headline under 120 characters'),
  text: z.string().trim().max(4000, 'Keep the text under 4,000 characters'),
  accentColor: hexColor,
  backgroundColor: hexColor,
});
export type SiteContentUpdate = z.infer<typeof siteContentUpdateSchema>;

export const websiteSettingsSchema = z.strictObject({
  domainId: z.number().int(),
  domain: z.string(),
  forwardKeepPath: z.boolean(),
  forwardPermanent: z.boolean(),
  /** When the builder's free trial ends (ISO), or null when it was never started. */
  builderTrialEndDate: z.iso.datetime().nullable(),
  site: siteContentSchema,
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;
