/** The card the sign-in, enrolment and setup pages stand in. */
import type { ReactNode } from 'react';
import { brand } from '@kit/brand.ts';
import { BackOfficeLogo } from '@kit/Logo.tsx';

export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <BackOfficeLogo />
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
        <p className="auth-foot">For {brand.name} staff only. Every action here is recorded in the audit log.</p>
      </div>
    </main>
  );
}
