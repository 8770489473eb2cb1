/** The card's Email tab (control-panel spec §2): loads the email manager (its forms, list and modals) when opened. */
import { lazy, Suspense } from 'react';
import type { DomainTabProps } from '../domains/domain-props.ts';

const EmailManager = lazy(() => import('./EmailManager.tsx'));

export function EmailTab({ domain }: DomainTabProps) {
  return (
    <Suspense fallback={<p className="muted">Loading email…</p>}>
      <EmailManager domain={domain} />
    </Suspense>
  );
}
