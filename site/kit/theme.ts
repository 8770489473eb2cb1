/**
 * Light and dark: the page follows the system setting until the visitor picks one with the switch; the pick is kept
 * in localStorage and pinned as data-theme on <html> (tokens.css reads it), the same on the site, the account app and
 * the back office.
 */
export type Theme = 'light' | 'dark';

const storageKey = 'ds-theme';

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(storageKey);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** The theme shown now: the pick, or the system's. */
export function currentTheme(): Theme {
  return storedTheme() ?? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

/** At start, before the first paint where possible. */
export function applyStoredTheme(): void {
  const theme = storedTheme();
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

export function chooseTheme(theme: Theme): void {
  try {
    localStorage.setItem(storageKey, theme);
  } catch {}
  document.documentElement.dataset.theme = theme;
  window.dispatchEvent(new CustomEvent('ds-theme', { detail: theme }));
}

/** Wires a plain <button data-theme-switch> (the site's header): its pressed state follows the theme. */
export function startThemeSwitches(): void {
  applyStoredTheme();
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-theme-switch]')];
  const show = () => {
    for (const button of buttons) button.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
  };
  for (const button of buttons) button.addEventListener('click', () => chooseTheme(currentTheme() === 'dark' ? 'light' : 'dark'));
  window.addEventListener('ds-theme', show);
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', show);
  show();
}
