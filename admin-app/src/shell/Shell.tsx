/**
 * The back office's frame: a navigation of the screens the role may use (a drawer on phones), who is signed in and
 * their role, and sign out. A screen the role may not use shows why instead of its content.
 */
import { ThemeSwitch } from '@kit/ThemeSwitch.tsx';
import { type ReactNode, useEffect, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { apiClient } from '@kit/api-client.ts';
import { BackOfficeLogo } from '@kit/Logo.tsx';
import { staffRoleLabels } from '../../../api/contract/staff/roles.ts';
import { paths } from '../paths.ts';
import { type Screen, screens } from '../screens.ts';
import { goToSignIn } from '../swr.ts';
import { Icon } from './icons.tsx';
import { useStaffSession } from './session.ts';

async function signOut() {
  await apiClient.DELETE('/admin/session', { toast: false });
  window.location.assign(`${paths.signIn.href()}?signedOut=1`);
}

export function Shell({ screen, children }: { screen?: Screen; children: ReactNode }) {
  const { session, signedOut, can, error } = useStaffSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (signedOut) goToSignIn();
    else if (session?.state === 'enrol') navigate(paths.setup.href(), { replace: true });
    else if (session?.state === 'mfa') navigate(paths.signIn.href(), { replace: true });
  }, [signedOut, session?.state, navigate]);

  // A new page closes the phone's menu.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  const active = session?.state === 'active' ? session : null;
  const navScreens = screens.filter((candidate) => candidate.nav && can(candidate.permission));

  return (
    <div className={`admin${menuOpen ? ' is-menu-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-topbar">
        <button type="button" className="admin-menu-button" aria-expanded={menuOpen} aria-controls="admin-nav" onClick={() => setMenuOpen((open) => !open)}>
          <Icon name={menuOpen ? 'close' : 'menu'} />
          <span className="visually-hidden">Menu</span>
        </button>
        <a href={paths.home.href()} className="admin-topbar-brand">
          <BackOfficeLogo />
        </a>
        {active && (
          <div className="admin-user">
            <span className="admin-user-text">
              <span className="admin-user-name">{active.staff.name}</span>
              <span className="admin-user-email">{active.staff.email}</span>
            </span>
            <span className={`role-badge role-${active.staff.role}`}>{staffRoleLabels[active.staff.role].label}</span>
            <ThemeSwitch />
            <a href={paths.security.href()} className="btn btn-ghost btn-sm admin-topbar-action">
              <Icon name="shield" size={18} />
              <span>Your sign-in</span>
            </a>
            <button type="button" className="btn btn-ghost btn-sm admin-topbar-action" onClick={() => void signOut()}>
              <Icon name="logout" size={18} />
              <span>Sign out</span>
            </button>
          </div>
        )}
      </header>
      <nav id="admin-nav" className="admin-nav" aria-label="Back office">
        <ul>
          {navScreens.map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} className={({ isActive }) => `admin-nav-link${isActive ? ' is-active' : ''}`}>
                <Icon name={item.nav!.icon} />
                <span>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {menuOpen && <button type="button" className="admin-scrim" aria-label="Close menu" tabIndex={-1} onClick={() => setMenuOpen(false)} />}
      <main id="main" className="admin-main">
        {active ? (
          screen && !can(screen.permission) ? (
            <section className="page">
              <h1>{screen.label}</h1>
              <div className="notice notice-warning" role="alert">
                Your role ({staffRoleLabels[active.staff.role].label}) does not include this section. Ask an owner if you need it.
              </div>
            </section>
          ) : (
            children
          )
        ) : (
          <div className="page-loading" aria-busy="true">
            <p role="status">{error ? 'The back office could not be reached. Please reload the page.' : 'Loading…'}</p>
          </div>
        )}
      </main>
    </div>
  );
}
