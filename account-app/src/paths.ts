/** Typed registry of the account app's paths. */
export const paths = {
  domains: { path: '/account/domains', href: () => '/account/domains' },
  summary: { path: '/account/summary', href: (view?: string) => (view ? `/account/summary?view=${view}` : '/account/summary') },
  notFound: { path: '/NotFound', href: () => '/NotFound' },
} as const;
