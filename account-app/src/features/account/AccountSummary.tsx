/**
 * Account Information (/account/summary, control-panel spec §2): the `view` query parameter picks the content; each
 * view is owned by its feature folder and loaded when first shown. Links Summary, Billing and Payment stay on top.
 */
import { brand } from '@kit/brand.ts';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../paths.ts';
import './account-links.css';

export type AccountView = 'summary' | 'update_login' | 'contact_info' | 'update_contact' | 'manage_MFA' | 'apiTokens' | 'billing' | 'payment' | 'activity';

const views = {
  summary: lazy(() => import('./SummaryView.tsx')),
  update_login: lazy(() => import('./UpdateLoginView.tsx')),
  contact_info: lazy(() => import('./ContactInfoView.tsx')),
  update_contact: lazy(() => import('./UpdateContactView.tsx')),
  manage_MFA: lazy(() => import('../security/ManageMfaView.tsx')),
  apiTokens: lazy(() => import('../api-tokens/ApiTokensView.tsx')),
  billing: lazy(() => import('../billing/BillingView.tsx')),
  payment: lazy(() => import('../billing/PaymentView.tsx')),
  activity: lazy(() => import('../activity/AccountActivityView.tsx')),
} satisfies Record<AccountView, unknown>;

function readView(value: string | null): AccountView {
  return value && value in views ? (value as AccountView) : 'summary';
}

const links: { view: AccountView; label: string; href: string }[] = [
  { view: 'summary', label: 'Summary', href: paths.summary.href() },
  { view: 'billing', label: 'Billing', href: paths.summary.href('billing') },
  { view: 'payment', label: 'Payment', href: paths.summary.href('payment') },
  { view: 'activity', label: 'Activity', href: paths.summary.href('activity') },
];

export function AccountSummary() {
  const [params] = useSearchParams();
  const view = readView(params.get('view'));
  const View = views[view];
  useEffect(() => {
    document.title = `Account Information | ${brand.name}`;
  }, []);
  return (
    <main id="main" className="container account-main">
      <h1>Account Information</h1>
      <nav aria-label="Account Information" className="account-links">
        {links.map((link) => (
          <Link key={link.view} to={link.href} aria-current={link.view === view ? 'page' : undefined} className={link.view === view ? 'is-active' : ''}>
            {link.label}
          </Link>
        ))}
      </nav>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <View />
      </Suspense>
    </main>
  );
}
