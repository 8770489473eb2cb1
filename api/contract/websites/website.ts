/**
 * What a domain shows (control-panel spec §2 Service tab, modal 7, §9): the website builder's price and trial, the
 * forward options, and the builder's one-page site. GET /api/websites/:domainId answers `WebsiteSettings`; PATCH it
 * with `SiteContentUpdate` saves the site.
 */
import '../zod-config.ts';
import { z } from 'zod';

export { builderMonthlyPrice, builderTrialDays, defaultAccentColor, defaultBackgroundColor, starterHeadline } from './website-plan.ts';

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
