/** The dark theme switch of the account app and the back office (kit/theme.ts); the site's header has a plain one. */
import { useEffect, useState } from 'react';
import { chooseTheme, currentTheme } from './theme.ts';

export function ThemeSwitch({ className = 'btn btn-ghost btn-sm' }: { className?: string }) {
  const [theme, setTheme] = useState(currentTheme);
  useEffect(() => {
    const follow = () => setTheme(currentTheme());
    const system = window.matchMedia('(prefers-color-scheme: dark)');
    window.addEventListener('ds-theme', follow);
    system.addEventListener('change', follow);
    return () => {
      window.removeEventListener('ds-theme', follow);
      system.removeEventListener('change', follow);
    };
  }, []);
  return (
    <button
      type="button"
      className={`theme-switch ${className}`}
      aria-pressed={theme === 'dark'}
      onClick={() => chooseTheme(theme === 'dark' ? 'light' : 'dark')}
    >
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
      <span className="phone-hidden-text">Dark</span>
    </button>
  );
}
