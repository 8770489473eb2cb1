import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../site/styles/base.css';
import { AppRoutes } from './routes.tsx';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppRoutes />
  </StrictMode>,
);
