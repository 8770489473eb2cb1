/** Typed registry of the back office's paths that live outside the screens table (screens.ts has the rest). */
export const paths = {
  home: { path: '/admin', href: () => '/admin' },
  signIn: { path: '/admin/sign-in', href: (redirect?: string) => (redirect ? `/admin/sign-in?redirect=${encodeURIComponent(redirect)}` : '/admin/sign-in') },
  enrol: { path: '/admin/enrol', href: () => '/admin/enrol' },
  setup: { path: '/admin/setup', href: () => '/admin/setup' },
  security: { path: '/admin/security', href: () => '/admin/security' },
  notFound: { path: '/admin/*', href: () => '/admin/not-found' },
} as const;

/** Only a path inside the back office, so a crafted sign-in link cannot send staff elsewhere. */
export function safeAdminRedirect(value: string | null): string {
  return value && /^\/admin(\/|$)/.test(value) && !value.startsWith('//') ? value : paths.home.href();
}
