/** The Hono app: middleware, every /api resource mounted, one error handler. */
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { ZodError } from 'zod';
import { AppError, describeIssues } from './errors.ts';
import { requestBodyLimit } from './http/body-limit.ts';
import { mfaEnrolmentGate, sessionMiddleware } from './http/auth.ts';
import { viewAsGate } from './http/view-as.ts';
import { viewAsRoutes } from './routes/view-as.ts';
import { bearerAuth } from './http/bearer-auth.ts';
import { contentSecurityPolicy } from './http/content-security-policy.ts';
import { clientAddressMiddleware } from './http/client-address.ts';
import { parseTrustedProxies } from './config.ts';
import type { Deps } from './deps.ts';
import type { AppEnv } from './http/env.ts';
import { originCheck } from './http/origin-check.ts';
import { refusePrototypeNames } from './http/validate.ts';
import { accountsRoutes } from './routes/accounts.ts';
import { apiTokensRoutes } from './routes/api-tokens.ts';
import { tdrpApprovalsRoutes } from './routes/tdrp-approvals.ts';
import { botCheckRoutes } from './routes/bot-check.ts';
import { cartItemsRoutes } from './routes/cart-items.ts';
import { cartsRoutes } from './routes/carts.ts';
import { devRoutes } from './routes/dev.ts';
import { domainTransferCheckRoutes } from './routes/domain-transfer-check.ts';
import { passkeysRoutes } from './routes/passkeys.ts';
import { paymentMethodsRoutes } from './routes/payment-methods.ts';
import { renewalsRoutes } from './routes/renewals.ts';
import { registeredNameserversRoutes } from './routes/registered-nameservers.ts';
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts';
import { validateRoutes } from './routes/validate.ts';
import { domainSearchRoutes } from './routes/domain-search.ts';
import { dnsRecordsRoutes } from './routes/dns-records.ts';
import { recoveryCodesRoutes } from './routes/recovery-codes.ts';
import { dnsChangesRoutes, dnsRecordDeletionsRoutes, dnsTemplatesRoutes, dnsZoneFilesRoutes } from './routes/dns-tools.ts';
import { domainsRoutes } from './routes/domains.ts';
import { createMailAutoconfigRoutes, emailSetupRoutes } from './routes/email-setup.ts';
import { emailsRoutes } from './routes/emails.ts';
import { healthRoutes } from './routes/health.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { mfasRoutes } from './routes/mfas.ts';
import { sessionRoutes } from './routes/session.ts';
import { tldsRoutes } from './routes/tlds.ts';
import { taxDisplayRoutes } from './routes/tax-display.ts';
import { transactionsRoutes } from './routes/transactions.ts';
import { usersRoutes } from './routes/users.ts';
import { wsRoutes } from './routes/ws.ts';
import { websitesRoutes } from './routes/websites.ts';
import { whoisRoutes } from './routes/whois.ts';
import { rdapRoutes } from './routes/rdap.ts';
import { forSaleRoutes } from './routes/for-sale.ts';
import { abuseReportsRoutes } from './routes/abuse-reports.ts';
import { adminAbuseRoutes } from './routes/compliance-abuse.ts';
import { adminVerificationsRoutes } from './routes/compliance-verifications.ts';
import { adminEscrowRoutes } from './routes/compliance-escrow.ts';
import { registrantVerificationsRoutes } from './routes/registrant-verifications.ts';
import { domainOffersRoutes } from './routes/domain-offers.ts';
import { ordersRoutes } from './routes/orders.ts';
import { earningsRoutes } from './routes/earnings.ts';
import { adminPayoutsRoutes } from './routes/selling-payouts.ts';
import { outboundTransfersRoutes } from './routes/outbound-transfers.ts';
import { accountActivityRoutes } from './routes/account-activity.ts';
import { adminCreditsRoutes } from './routes/billing-credits.ts';
import { adminDashboardRoutes } from './routes/dashboard.ts';
import { adminOrdersRoutes } from './routes/billing-orders.ts';
import { adminPaymentsRoutes } from './routes/billing-payments.ts';
import { adminPromosRoutes } from './routes/promotions.ts';
import { adminRenewalsRoutes } from './routes/failed-auto-renewals.ts';
import { adminRevenueRoutes } from './routes/revenue.ts';
import { adminRenewedRoutes } from './routes/renewed.ts';
import { adminAuditRoutes } from './routes/audit-log.ts';
import { adminCustomersRoutes } from './routes/support-customers.ts';
import { adminDomainsRoutes } from './routes/support-domains.ts';
import { adminEnrolmentRoutes, adminSessionRoutes } from './routes/staff-session.ts';
import { adminStaffRoutes } from './routes/staff-members.ts';
import { adminPricingRoutes } from './routes/pricing.ts';
import { priceRisesRoutes } from './routes/price-rises.ts';
import { adminRegistriesRoutes } from './routes/registries.ts';
import { type AdminEnv, staffSessionMiddleware } from './http/staff-auth.ts';

/**
 * /api/admin: the back office's routes, apart from the customers' (DESIGN.md "Staff, roles and the audit log"). Each
 * route declares its permission with `allow(...)` (api/http/staff-auth.ts); mount a new admin router here.
 */
function adminApi() {
  return new Hono<AdminEnv>()
    .use(staffSessionMiddleware)
    .route('/session', adminSessionRoutes)
    .route('/enrolment', adminEnrolmentRoutes)
    .route('/staff', adminStaffRoutes)
    .route('/audit', adminAuditRoutes)
    .route('/abuse', adminAbuseRoutes)
    .route('/verifications', adminVerificationsRoutes)
    .route('/escrow', adminEscrowRoutes)
    .route('/dashboard', adminDashboardRoutes)
    .route('/orders', adminOrdersRoutes)
    .route('/payments', adminPaymentsRoutes)
    .route('/credits', adminCreditsRoutes)
    .route('/payouts', adminPayoutsRoutes)
    .route('/failedRenewals', adminRenewalsRoutes)
    .route('/renewed', adminRenewedRoutes)
    .route('/revenue', adminRevenueRoutes)
    .route('/promoCodes', adminPromosRoutes)
    .route('/pricing', adminPricingRoutes)
    .route('/customers', adminCustomersRoutes)
    .route('/domains', adminDomainsRoutes)
    .route('/registries', adminRegistriesRoutes)
    .all('*', (c) => {
      throw new AppError(404, `No API route for ${c.req.method} ${c.req.path}`);
    });
}

function withDeps(deps: Deps) {
  return new Hono<AppEnv>().use((c, next) => {
    c.set('deps', deps);
    return next();
  });
}

/**
 * `inlineScriptHashes`: the built pages' inline scripts (server.ts reads them), allowed by the page policy.
 * `customerSites`: what customers' domains show (server.ts passes http/customer-sites.ts); it runs before /api because
 * every path on a customer's host is theirs.
 */
export function createApp(deps: Deps, options: { inlineScriptHashes?: readonly string[]; customerSites?: MiddlewareHandler<AppEnv> } = {}) {
  const api = withDeps(deps)
    // Before the session lookup: a probe must not need the database to hear that the process is alive.
    .route('/', healthRoutes)
    .use(clientAddressMiddleware(parseTrustedProxies(deps.config.TRUSTED_PROXIES)))
    .use(requestBodyLimit)
    .use(originCheck)
    .use(refusePrototypeNames)
    // The back office before the customer session: staff requests never read a customer's cookie or an API token.
    .route('/admin', adminApi())
    .use(sessionMiddleware)
    .use(bearerAuth)
    .use(mfaEnrolmentGate)
    .use(viewAsGate)
    .route('/viewAs', viewAsRoutes)
    .route('/tlds', tldsRoutes)
    .route('/taxDisplay', taxDisplayRoutes)
    .route('/domainSearch', domainSearchRoutes)
    .route('/botCheck', botCheckRoutes)
    .route('/carts', cartsRoutes)
    .route('/cartItems', cartItemsRoutes)
    .route('/session', sessionRoutes)
    .route('/users', usersRoutes)
    .route('/accounts', accountsRoutes)
    .route('/tdrpApprovals', tdrpApprovalsRoutes)
    .route('/domains', domainsRoutes)
    .route('/dnsRecords', dnsRecordsRoutes)
    .route('/dnsChanges', dnsChangesRoutes)
    .route('/dnsZoneFiles', dnsZoneFilesRoutes)
    .route('/dnsTemplates', dnsTemplatesRoutes)
    .route('/dnsRecordDeletions', dnsRecordDeletionsRoutes)
    .route('/registeredNameservers', registeredNameserversRoutes)
    .route('/emails', emailsRoutes)
    .route('/emailSetup', emailSetupRoutes)
    .route('/mfas', mfasRoutes)
    .route('/passkeys', passkeysRoutes)
    .route('/recoveryCodes', recoveryCodesRoutes)
    .route('/apiTokens', apiTokensRoutes)
    .route('/validate', validateRoutes)
    .route('/paymentMethods', paymentMethodsRoutes)
    .route('/transactions', transactionsRoutes)
    .route('/renewals', renewalsRoutes)
    .route('/priceRises', priceRisesRoutes)
    .route('/domainTransferCheck', domainTransferCheckRoutes)
    .route('/stripeWebhook', stripeWebhookRoutes)
    .route('/dev', devRoutes)
    .route('/ws', wsRoutes)
    .route('/whois', whoisRoutes)
    .route('/websites', websitesRoutes)
    .route('/abuseReports', abuseReportsRoutes)
    .route('/registrantVerifications', registrantVerificationsRoutes)
    .route('/forSale', forSaleRoutes)
    .route('/domainOffers', domainOffersRoutes)
    .route('/orders', ordersRoutes)
    .route('/earnings', earningsRoutes)
    .route('/outboundTransfers', outboundTransfersRoutes)
    .route('/accountActivity', accountActivityRoutes)
    .route('/', openApiRoutes)
    .all('*', (c) => {
      throw new AppError(404, `No API route for ${c.req.method} ${c.req.path}`);
    });

  return (
    new Hono<AppEnv>()
      .use(secureHeaders({ crossOriginEmbedderPolicy: false, xFrameOptions: 'DENY' }))
      .use(contentSecurityPolicy(deps.config, options.inlineScriptHashes ?? []))
      // Mail clients ask any of a customer's hosts (autoconfig.<domain>, <domain>/.well-known/autoconfig/…) for settings.
      .route('/', createMailAutoconfigRoutes(deps))
      .use(options.customerSites ?? ((_c, next) => next()))
      // RDAP is public and cookie-free: no session, Origin check or API token, only the client address for its limit.
      .route(
        '/rdap',
        withDeps(deps)
          .use(clientAddressMiddleware(parseTrustedProxies(deps.config.TRUSTED_PROXIES)))
          .route('/', rdapRoutes),
      )
      .route('/api', api)
      // The API's errors are answered here rather than by an onError of `api`: Hono wraps each route of a sub-app that
      // has its own error handler in two more async steps, a dozen on every API request (issue #37's API bench).
      .onError((error, c) => (isApiRequest(c) ? answerApiError(error, c) : answerOtherError(error, c)))
  );
}

/** A request the API's own chain has taken up (its first step sets `deps`; a customer's host never gets that far). */
function isApiRequest(c: Context<AppEnv>): boolean {
  return c.get('deps') !== undefined && (c.req.path === '/api' || c.req.path.startsWith('/api/'));
}

/** Every API error as the clients read it: `{ name, message, code, data? }`. */
function answerApiError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) {
    const wait = (error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (error.code === 429 && typeof wait === 'number') c.header('Retry-After', String(wait));
    return c.json(error.toJSON(), error.code as 400);
  }
  if (error instanceof ZodError) return c.json(new AppError(400, describeIssues(error)).toJSON(), 400);
  if (error instanceof HTTPException) {
    return c.json(new AppError(error.status, error.message || 'Request failed').toJSON(), error.status);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(new AppError(500, 'An error occurred while processing your request').toJSON(), 500);
}

/** Elsewhere (pages, static files, customers' sites), what Hono answers by default. */
function answerOtherError(error: Error, c: Context<AppEnv>) {
  if ('getResponse' in error && typeof error.getResponse === 'function') {
    const res = (error as HTTPException).getResponse();
    return c.newResponse(res.body, res);
  }
  console.error(error);
  return c.text('Internal Server Error', 500);
}

/** A worker (ROLE=worker) or a DNS process (ROLE=dns) answers only its probes. */
export function createHealthApp(deps: Deps) {
  return new Hono<AppEnv>().route('/api', withDeps(deps).route('/', healthRoutes)).notFound((c) => {
    const { role } = deps.jobs.status();
    return c.json(new AppError(404, `This process runs ${role === 'dns' ? 'the DNS server' : 'jobs'} only (ROLE=${role})`).toJSON(), 404);
  });
}

export type App = ReturnType<typeof createApp>;
