import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import '@kit/base.css';
import '@kit/data-table.css';
import { applyStoredTheme } from '@kit/theme.ts';
import { showCarriedToasts } from '@kit/carried-toasts.ts';
import Toasts from '@kit/Toasts.tsx';
import './app.css';
import { AppRoutes, preloadRoute } from './routes.tsx';
import { swrConfig } from './swr.ts';

preloadRoute(window.location.pathname);
// A note the previous page left for this one (the cart's checkout notes): shown until closed.
showCarriedToasts();

applyStoredTheme();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <SWRConfig value={swrConfig()}>
      <AppRoutes />
    </SWRConfig>
    <Toasts />
  </StrictMode>,
);
