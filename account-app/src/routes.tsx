/**
 * The account app's router: /account goes to My Domains, unknown routes to /NotFound. Each feature route is its own
 * chunk (React.lazy), so the first load fetches the shell and the one feature it shows, however many the app grows;
 * while a chunk arrives the shell is already up, with a loading notice where the page goes.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, matchPath, Navigate, Route, Routes } from 'react-router';
import { preload } from 'swr';
import { accountKey, domainsKey } from './features/domains/api.ts';
import { paths } from './paths.ts';
import { NotFound } from './shell/NotFound.tsx';
import { Shell } from './shell/Shell.tsx';
import { fetcher } from './swr.ts';

/** `data`: the SWR keys the page reads first, fetched beside the session check rather than after it. */
type FeatureRoute = { path: string; load: () => Promise<{ default: ComponentType }>; data?: string[] };

const featureRoutes: FeatureRoute[] = [
  {
    path: paths.domains.path,
    load: () => import('./features/domains/MyDomains.tsx').then((m) => ({ default: m.MyDomains })),
    data: [domainsKey, accountKey],
  },
  { path: paths.summary.path, load: () => import('./features/account/AccountSummary.tsx').then((m) => ({ default: m.AccountSummary })) },
  { path: paths.orders.path, load: () => import('./features/orders/OrdersPage.tsx').then((m) => ({ default: m.OrdersPage })) },
  { path: paths.order.path, load: () => import('./features/orders/OrderConfirmation.tsx').then((m) => ({ default: m.OrderConfirmationPage })) },
  { path: paths.earnings.path, load: () => import('./features/earnings/EarningsPage.tsx').then((m) => ({ default: m.EarningsPage })) },
  { path: paths.offers.path, load: () => import('./features/offers/OffersPage.tsx').then((m) => ({ default: m.OffersPage })) },
  { path: paths.website.path, load: () => import('./features/website/SiteEditor.tsx'), data: [domainsKey] },
];

const ApproveChangePage = lazy(() => import('./features/account/ApproveChangePage.tsx').then((m) => ({ default: m.ApproveChangePage })));

const VerifyRegistrantPage = lazy(() => import('./features/verification/VerifyRegistrantPage.tsx').then((m) => ({ default: m.VerifyRegistrantPage })));

const pages = new Map(featureRoutes.map((route) => [route.path, lazy(route.load)]));

/** Starts fetching the chunk and the data of the page being opened at once, not after the session check the shell waits for. */
export function preloadRoute(pathname: string): void {
  const route = featureRoutes.find((candidate) => matchPath(candidate.path, pathname));
  if (!route) return;
  void route.load();
  // Signed out, these fail like the session check does and the shell sends the visitor to log in; nobody reads them.
  for (const key of route.data ?? []) preload(key, fetcher).catch(() => {});
}

function PageLoading() {
  return (
    <main id="main" className="container shell-loading" aria-busy="true">
      <p role="status">Loading…</p>
    </main>
  );
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={paths.account.path} element={<Navigate to={paths.domains.href()} replace />} />
        {featureRoutes.map(({ path }) => {
          const Page = pages.get(path)!;
          return (
            <Route
              key={path}
              path={path}
              element={
                <Shell>
                  <Suspense fallback={<PageLoading />}>
                    <Page />
                  </Suspense>
                </Shell>
              }
            />
          );
        })}
        {/* The TDRP approval link: no shell and no sign-in (the emailed token is the proof). */}
        <Route
          path={paths.approveChange.path}
          element={
            <Suspense fallback={<PageLoading />}>
              <ApproveChangePage />
            </Suspense>
          }
        />
        {/* The registrant verification link (WAPS): no shell and no sign-in either. */}
        <Route
          path={paths.verifyRegistrant.path}
          element={
            <Suspense fallback={<PageLoading />}>
              <VerifyRegistrantPage />
            </Suspense>
          }
        />
        <Route path={paths.notFound.path} element={<NotFound />} />
        <Route path="*" element={<Navigate to={paths.notFound.href()} replace />} />
      </Routes>
    </BrowserRouter>
  );
}
