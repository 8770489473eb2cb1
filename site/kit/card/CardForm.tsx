/** The card form for the active payments provider: the local sandbox form, or Stripe Elements (loaded on demand). */
import { lazy, Suspense, useEffect, useState } from 'react';
import { type PaymentsConfig, paymentsConfig } from './card-setup.ts';
import SandboxCardForm from './SandboxCardForm.tsx';

const StripeCardForm = lazy(() => import('./StripeCardForm.tsx'));

type Props = { onSaved: () => void; onCancel?: () => void };

export default function CardForm(props: Props) {
  const [config, setConfig] = useState<PaymentsConfig | null>(null);
  useEffect(() => {
    void paymentsConfig().then(setConfig);
  }, []);
  if (!config) return <p className="muted">Loading the card form…</p>;
  if (config.provider === 'stripe' && config.publishableKey) {
    return (
      <Suspense fallback={<p className="muted">Loading the card form…</p>}>
        <StripeCardForm publishableKey={config.publishableKey} {...props} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...props} />;
}
