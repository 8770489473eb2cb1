/** The account app's router: /account goes to My Domains, unknown routes to /NotFound. */
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { MyDomains } from './features/domains/MyDomains.tsx';
import { paths } from './paths.ts';
import { NotFound } from './shell/NotFound.tsx';
import { Shell } from './shell/Shell.tsx';

function Placeholder({ title }: { title: string }) {
  return (
    <main id="main" className="container account-main">
      <h1>{title}</h1>
    </main>
  );
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={paths.account.path} element={<Navigate to={paths.domains.href()} replace />} />
        <Route
          path={paths.domains.path}
          element={
            <Shell>
              <MyDomains />
            </Shell>
          }
        />
        <Route
          path={paths.summary.path}
          element={
            <Shell>
              <Placeholder title="Account Information" />
            </Shell>
          }
        />
        <Route path={paths.notFound.path} element={<NotFound />} />
        <Route path="*" element={<Navigate to={paths.notFound.href()} replace />} />
      </Routes>
    </BrowserRouter>
  );
}
