/**
 * The brand's mark, one drawing for the site, the account app and the back office: a blue disc with the orange
 * "spot", then the brand name from content/brand.json, and what a front end adds after it (the back office's tag).
 */
import type { ReactNode } from 'react';
import { brand } from './brand.ts';

type LogoProps = {
  /** The mark's width and height in pixels. */
  size?: number;
  className?: string;
  wordClassName?: string;
  /** The word is hidden from screen readers where the link around it names the brand already. */
  wordHidden?: boolean;
  children?: ReactNode;
};

export function Logo({ size = 30, className = 'logo', wordClassName = 'logo-word', wordHidden = false, children }: LogoProps) {
  return (
    <span className={className}>
      <svg aria-hidden="true" width={size} height={size} viewBox="0 0 32 32">
        <circle cx="16" cy="16" r="15" fill="#2448c7" />
        <circle cx="21" cy="11" r="5.5" fill="#ff5b2e" />
      </svg>
      <span className={wordClassName} aria-hidden={wordHidden || undefined}>
        {brand.name.toLowerCase()}
      </span>
      {children}
    </span>
  );
}

/** The back office's wordmark: the logo and its "Back office" tag. */
export function BackOfficeLogo() {
  return (
    <Logo size={28} className="admin-brand" wordClassName="admin-brand-word">
      <span className="admin-brand-tag">Back office</span>
    </Logo>
  );
}
