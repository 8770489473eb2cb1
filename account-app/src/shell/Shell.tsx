/** The control-panel shell: logo to /, Help Center, Domains and Account tabs following the path, Log Out; gated on a session. */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { brand } from '@kit/brand.ts';
import { Logo } from '@kit/Logo.tsx';
import { ThemeSwitch } from '@kit/ThemeSwitch.tsx';
import { $loggingOut, logout } from '@kit/session.ts';
import { useCurrentUser } from '../features/session/api.ts';
import { VerificationBanner } from '../features/verification/VerificationBanner.tsx';
import { ViewAsBanner } from '../features/session/ViewAsBanner.tsx';
import { paths } from '../paths.ts';
import { useApi } from '../swr.ts';

export function Shell({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, needsLogin, isLoading } = useCurrentUser();
  const loggingOut = useStore($loggingOut);
  // Storefront spec §6: an admin session (jwt) turns the admin view on; its tab stays disabled. Customers get nulls.
  const { data: admin } = useApi(user ? apiKey('/session/admin') : null);

  useEffect(() => {
    if (needsLogin && !$loggingOut.get()) window.location.replace(paths.login.href(`${location.pathname}${location.search}`));
  }, [needsLogin, location.pathname, location.search]);

  // Staff reset the second factors: the API refuses everything else until one is added, so go there first.
  const mustEnrol = Boolean(user?.mfaEnrolmentRequired);
  const onSecurityView = location.pathname === paths.summary.path && new URLSearchParams(location.search).get('view') === 'manage_MFA';
  useEffect(() => {
    if (mustEnrol && !onSecurityView) navigate(paths.summary.href('manage_MFA'), { replace: true });
  }, [mustEnrol, onSecurityView, navigate]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {user && <ViewAsBanner user={user} />}
      <header className="shell-header">
        <div className="container shell-header-inner">
          <a className="logo-link" href="/" aria-label={`${brand.name} home`}>
            <Logo />
          </a>
          <nav className="shell-tabs" aria-label="Account sections">
            <NavLink to={paths.domains.href()} className={({ isActive }) => `shell-tab${isActive ? ' is-active' : ''}`}>
              Domains
            </NavLink>
            <NavLink to={paths.orders.href()} className={({ isActive }) => `shell-tab${isActive ? ' is-active' : ''}`}>
              Orders
            </NavLink>
            <NavLink to={paths.offers.href()} className={({ isActive }) => `shell-tab${isActive ? ' is-active' : ''}`}>
              Offers
            </NavLink>
            <NavLink to={paths.summary.href()} className={({ isActive }) => `shell-tab${isActive ? ' is-active' : ''}`}>
              Account
            </NavLink>
            {admin?.jwt && (
              <span className="shell-tab is-disabled" aria-disabled="true" title={`Signed in as administrator ${admin.username}`}>
                Admin
              </span>
            )}
          </nav>
          <div className="shell-actions">
            <a className="shell-help" href={brand.helpCenterUrl} target="_blank" rel="noopener noreferrer">
              Help<span className="phone-hidden-text"> Center</span>
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            {user && (
              <span className="shell-user" title={user.email}>
                {user.email}
              </span>
            )}
            <ThemeSwitch />
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void logout()} disabled={loggingOut || !user}>
              Log Out
            </button>
          </div>
        </div>
      </header>
      {user && (!mustEnrol || onSecurityView) ? (
        <>
          <VerificationBanner />
          {children}
        </>
      ) : (
        <main id="main" className="container shell-loading" aria-busy="true">
          <p role="status">{isLoading || needsLogin ? 'Loading your account…' : 'We could not load your account. Please reload the page.'}</p>
        </main>
      )}
    </div>
  );
}
