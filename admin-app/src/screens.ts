/**
 * The back office's screens: one table the router and the navigation both read. Adding a screen is one row here:
 * its path, its label, the permission it needs (the roles table in api/contract/staff/roles.ts; the API checks the
 * same permission on every call the screen makes), where it sits in the navigation (`nav`, or none for a detail
 * page), and its component, loaded on demand so each screen is its own chunk.
 */
import type { ComponentType } from 'react';
import type { Permission } from '../../api/contract/staff/roles.ts';
import type { IconName } from './shell/icons.tsx';

export type Screen = {
  path: string;
  label: string;
  permission: Permission | 'signed-in';
  nav?: { icon: IconName };
  load: () => Promise<{ default: ComponentType }>;
};

export const screens: Screen[] = [
  {
    path: '/admin/dashboard',
    label: 'Dashboard',
    permission: 'dashboard:read',
    nav: { icon: 'chart' },
    load: () => import('./features/dashboard/Dashboard.tsx'),
  },
  { path: '/admin/overview', label: 'Overview', permission: 'signed-in', nav: { icon: 'home' }, load: () => import('./features/overview/Overview.tsx') },
  {
    path: '/admin/customers',
    label: 'Customers',
    permission: 'customers:read',
    nav: { icon: 'users' },
    load: () => import('./features/customers/CustomersPage.tsx'),
  },
  { path: '/admin/customers/:accountId', label: 'Customer', permission: 'customers:read', load: () => import('./features/customers/CustomerPage.tsx') },
  { path: '/admin/domains', label: 'Domains', permission: 'domains:read', nav: { icon: 'globe' }, load: () => import('./features/domains/DomainsPage.tsx') },
  { path: '/admin/domains/:domainId', label: 'Domain', permission: 'domains:read', load: () => import('./features/domains/DomainPage.tsx') },
  { path: '/admin/orders', label: 'Orders', permission: 'orders:read', nav: { icon: 'card' }, load: () => import('./features/orders/OrdersPage.tsx') },
  { path: '/admin/orders/:orderId', label: 'Order', permission: 'orders:read', load: () => import('./features/orders/OrderPage.tsx') },
  { path: '/admin/payments/:paymentIntentId', label: 'Card payment', permission: 'orders:read', load: () => import('./features/orders/PaymentPage.tsx') },
  {
    path: '/admin/credit',
    label: 'Account credit',
    permission: 'orders:read',
    nav: { icon: 'wallet' },
    load: () => import('./features/credit/AccountCredit.tsx'),
  },
  { path: '/admin/payouts', label: 'Payouts', permission: 'orders:read', nav: { icon: 'wallet' }, load: () => import('./features/payouts/Payouts.tsx') },
  {
    path: '/admin/renewals',
    label: 'Failed renewals',
    permission: 'orders:read',
    nav: { icon: 'refresh' },
    load: () => import('./features/renewals/FailedRenewals.tsx'),
  },
  { path: '/admin/revenue', label: 'Revenue', permission: 'orders:read', load: () => import('./features/revenue/Revenue.tsx') },
  { path: '/admin/renewed', label: 'Renewals', permission: 'orders:read', load: () => import('./features/renewals/Renewed.tsx') },
  { path: '/admin/pricing', label: 'Pricing', permission: 'pricing:read', nav: { icon: 'tag' }, load: () => import('./features/pricing/Pricing.tsx') },
  {
    path: '/admin/registries',
    label: 'Registries',
    permission: 'registries:read',
    nav: { icon: 'shield' },
    load: () => import('./features/registries/Registries.tsx'),
  },
  { path: '/admin/promos', label: 'Promo codes', permission: 'promos:read', nav: { icon: 'tag' }, load: () => import('./features/promos/PromoCodes.tsx') },
  { path: '/admin/abuse', label: 'Abuse desk', permission: 'abuse:read', nav: { icon: 'flag' }, load: () => import('./features/abuse/AbuseDesk.tsx') },
  { path: '/admin/abuse/:caseId', label: 'Abuse case', permission: 'abuse:read', load: () => import('./features/abuse/CaseDetail.tsx') },
  {
    path: '/admin/verifications',
    label: 'Verification',
    permission: 'verification:manage',
    nav: { icon: 'users' },
    load: () => import('./features/verification/Verifications.tsx'),
  },
  { path: '/admin/escrow', label: 'Escrow', permission: 'escrow:manage', nav: { icon: 'shield' }, load: () => import('./features/escrow/Escrow.tsx') },
  { path: '/admin/audit', label: 'Audit log', permission: 'audit:read', nav: { icon: 'log' }, load: () => import('./features/audit/AuditLog.tsx') },
  { path: '/admin/staff', label: 'Staff', permission: 'staff:manage', nav: { icon: 'shield' }, load: () => import('./features/staff/StaffPage.tsx') },
];
