import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import '@kit/base.css';
import '@kit/data-table.css';
import { applyStoredTheme } from '@kit/theme.ts';
import Toasts from '@kit/Toasts.tsx';
import './admin.css';
import { AppRoutes } from './routes.tsx';
import { swrConfig } from './swr.ts';

applyStoredTheme();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <AppRoutes />
    </SWRConfig>
    <Toasts />
  </StrictMode>,
);
