/** The card the sign-in, enrolment and setup pages stand in. */
import type { ReactNode } from 'react';
import { brand } from '@kit/brand.ts';

export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <span className="admin-brand">
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
            <circle cx="16" cy="16" r="15" fill="#2448c7" />
            <circle cx="21" cy="11" r="5.5" fill="#ff5b2e" />
          </svg>
          <span className="admin-brand-word">{brand.name.toLowerCase()}</span>
          <span className="admin-brand-tag">Back office</span>
        </span>
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
        <p className="auth-foot">For {brand.name} staff only. Every action here is recorded in the audit log.</p>
      </div>
    </main>
  );
}
