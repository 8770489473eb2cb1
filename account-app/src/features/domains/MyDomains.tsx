/** My Domains (control-panel spec §2): title, Buy / Transfer / Renew, the domain list, and the account sidebar. */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { brand } from '@kit/brand.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { paths } from '../../paths.ts';
import { OrderPlaced, useLandedOrderId } from '../orders/OrderPlaced.tsx';
import { type Domain, useAccount, useDomains } from './api.ts';
import type { BulkAction } from './bulk-actions.ts';
import { DomainList } from './DomainList.tsx';
import { DomainModals } from './domain-modals.tsx';
import { PriceRises } from './PriceRises.tsx';
import type { DomainModalKind, OpenDomainModal } from './domain-props.ts';

const BulkDialog = lazy(() => import('./BulkDialog.tsx'));

export function MyDomains() {
  const { domains, error, isLoading, isSlow } = useDomains();
  const account = useAccount();
  const landedOrderId = useLandedOrderId();
  const [modal, setModal] = useState<{ kind: DomainModalKind; domain: Domain | null; selectedIds?: number[] } | null>(null);
  const [bulk, setBulk] = useState<{ action: BulkAction; domains: Domain[] } | null>(null);
  // Stable, so the rows (memoised) do not all redraw when a modal opens.
  const openModal: OpenDomainModal = useCallback((kind, domain) => setModal({ kind, domain: domain ?? null }), []);
  const onBulk = useCallback((action: BulkAction, chosen: Domain[]) => setBulk({ action, domains: chosen }), []);
  const onRenew = useCallback((chosen: Domain[]) => setModal({ kind: 'renewAll', domain: null, selectedIds: chosen.map((d) => d.domainId) }), []);
  const visible = useMemo(() => domains.filter((d) => d.status !== 'deleted'), [domains]);
  useEffect(() => {
    document.title = `My Domains | ${brand.name}`;
  }, []);

  return (
    <main id="main" className="container account-main">
      <div className="domains-heading">
        <h1>My Domains</h1>
        <div className="domains-actions">
          <a className="btn btn-spot" href={paths.search.href()}>
            Buy
          </a>
          <button type="button" className="btn btn-secondary" onClick={() => openModal('transfers')}>
            Transfer
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => openModal('renewAll')}>
            Renew
          </button>
        </div>
      </div>
      {landedOrderId && <OrderPlaced orderId={landedOrderId} />}
      <div className="domains-layout">
        <section aria-label="Your domains" className="domains-list">
          <PriceRises />
          <div role="status" aria-live="polite" className="domains-status">
            {isLoading && <p className="muted">{isSlow ? 'Still loading your domains…' : 'Loading your domains…'}</p>}
            {error && <p className="field-error">We could not load your domains. {error.message}</p>}
            {!isLoading && !error && visible.length === 0 && (
              <div className="card empty-domains">
                <h2>You don’t have any domains yet</h2>
                <p>Search for a name and claim your spot on the web.</p>
                <a className="btn btn-primary" href={paths.search.href()}>
                  Find a Domain
                </a>
              </div>
            )}
          </div>
          {visible.length > 0 && (
            <DomainList domains={visible} advancedEnabled={account?.advancedEnabled ?? false} openModal={openModal} onBulk={onBulk} onRenew={onRenew} />
          )}
        </section>
        {/* On a phone the sidebar sits under the list: shown once the list is in, so it appears rather than jumps. */}
        {!isLoading && (
          <aside className="domains-sidebar" aria-label="Account shortcuts">
            <div className="card sidebar-card">
              <h2>Your account</h2>
              <ul className="sidebar-links">
                <li>
                  <a href={paths.summary.href('contact_info')}>Contact Information</a>
                </li>
                <li>
                  <a href={paths.summary.href('payment')}>Payment Methods</a>
                </li>
              </ul>
              {account && (
                <dl className="sidebar-facts">
                  <div>
                    <dt>Monthly plans</dt>
                    <dd>{formatMoney(account.recurringBillAmount)}/mo</dd>
                  </div>
                  <div>
                    <dt>Auto pay</dt>
                    <dd>{account.autoPayDescription ?? 'Off: no default card'}</dd>
                  </div>
                </dl>
              )}
            </div>
          </aside>
        )}
      </div>
      <DomainModals
        open={modal?.kind ?? null}
        domain={modal?.domain ?? null}
        selectedIds={modal?.selectedIds}
        domains={visible}
        onClose={() => setModal(null)}
      />
      {bulk && (
        <Suspense fallback={null}>
          <BulkDialog action={bulk.action} domains={bulk.domains} onClose={() => setBulk(null)} />
        </Suspense>
      )}
    </main>
  );
}
