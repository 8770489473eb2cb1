/** The account app's router. */
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';

function Placeholder({ title }: { title: string }) {
  return (
    <main id="main" className="container" style={{ padding: '2rem 1.5rem' }}>
      <h1>{title}</h1>
    </main>
  );
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/account" element={<Navigate to="/account/domains" replace />} />
        <Route path="/account/domains" element={<Placeholder title="My Domains" />} />
        <Route path="/account/summary" element={<Placeholder title="Account Information" />} />
        <Route path="*" element={<Placeholder title="Not found" />} />
      </Routes>
    </BrowserRouter>
  );
}
