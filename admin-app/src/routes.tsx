/**
 * The back office's router: the sign-in, enrolment and second-factor setup pages stand alone; every screen of
 * screens.ts sits in the shell behind its permission, as its own chunk. /admin opens the first screen the role may use.
 */
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { paths } from './paths.ts';
import { screens } from './screens.ts';
import { useStaffSession } from './shell/session.ts';
import { Shell } from './shell/Shell.tsx';

const SignIn = lazy(() => import('./features/session/SignIn.tsx'));
const Enrol = lazy(() => import('./features/session/Enrol.tsx'));
const SecondFactorSetup = lazy(() => import('./features/session/SecondFactorSetup.tsx'));
const SignInSecurity = lazy(() => import('./features/session/SignInSecurity.tsx'));
const pages = new Map(screens.map((screen) => [screen.path, lazy(screen.load)]));

export function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      <p role="status">Loading…</p>
    </div>
  );
}

function Home() {
  const { can, session } = useStaffSession();
  if (!session) return <PageLoading />;
  const first = screens.find((screen) => screen.nav && can(screen.permission));
  return <Navigate to={first?.path ?? '/admin/overview'} replace />;
}

function NotFound() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>There is no back-office page at this address. Choose a section from the menu.</p>
    </section>
  );
}

function Standalone({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path={paths.signIn.path}
          element={
            <Standalone>
              <SignIn />
            </Standalone>
          }
        />
        <Route
          path={paths.enrol.path}
          element={
            <Standalone>
              <Enrol />
            </Standalone>
          }
        />
        <Route
          path={paths.setup.path}
          element={
            <Standalone>
              <SecondFactorSetup />
            </Standalone>
          }
        />
        <Route
          path={paths.home.path}
          element={
            <Shell>
              <Home />
            </Shell>
          }
        />
        <Route
          path={paths.security.path}
          element={
            <Shell>
              <Suspense fallback={<PageLoading />}>
                <SignInSecurity />
              </Suspense>
            </Shell>
          }
        />
        {screens.map((screen) => {
          const Page = pages.get(screen.path)!;
          return (
            <Route
              key={screen.path}
              path={screen.path}
              element={
                <Shell screen={screen}>
                  <Suspense fallback={<PageLoading />}>
                    <Page />
                  </Suspense>
                </Shell>
              }
            />
          );
        })}
        <Route
          path={paths.notFound.path}
          element={
            <Shell>
              <NotFound />
            </Shell>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
