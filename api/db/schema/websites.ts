/** What a domain shows beyond the domains row: forward options, the builder's trial and the builder's one-page site. */
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { domains } from './domains.ts';

export const websites = pgTable('websites', {
  domainId: integer()
    .primaryKey()
    .references(() => domains.domainId),
  /** Forwarding: append the visitor's path and query to the forward address. */
  forwardKeepPath: boolean().notNull().default(false),
  /** Forwarding: 301 (permanent) or 302 (temporary). */
  forwardPermanent: boolean().notNull().default(true),
  /** The builder's free trial: set once per domain, the first time the builder is added, never reset. */
  builderTrialStartDate: timestamp({ withTimezone: true }),
  builderTrialEndDate: timestamp({ withTimezone: true }),
  /** The builder site: one page. Null until the owner saves it (the starter page shows meanwhile). */
  siteHeadline: text(),
  siteText: text(),
  siteAccentColor: text(),
  siteBackgroundColor: text(),
  modifyDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type WebsiteRow = typeof websites.$inferSelect;
