/** Typed registry of the account app's paths. */
export const paths = {
  account: { path: '/account', href: () => '/account' },
  domains: { path: '/account/domains', href: () => '/account/domains' },
  summary: { path: '/account/summary', href: (view?: string) => (view ? `/account/summary?view=${view}` : '/account/summary') },
  orders: { path: '/account/orders', href: () => '/account/orders' },
  order: { path: '/account/orders/:orderId', href: (orderId: number) => `/account/orders/${orderId}` },
  earnings: { path: '/account/earnings', href: () => '/account/earnings' },
  offers: { path: '/account/offers', href: () => '/account/offers' },
  website: { path: '/account/website/:domainId', href: (domainId: number) => `/account/website/${domainId}` },
  approveChange: { path: '/account/approve-change', href: (token: string) => `/account/approve-change?token=${encodeURIComponent(token)}` },
  verifyRegistrant: { path: '/account/verify-registrant', href: (token: string) => `/account/verify-registrant?token=${encodeURIComponent(token)}` },
  notFound: { path: '/NotFound', href: () => '/NotFound' },
  login: { path: '/login', href: (redirect: string) => `/login?redirect=${encodeURIComponent(redirect)}` },
  search: { path: '/search', href: () => '/search' },
} as const;
