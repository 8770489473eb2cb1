/**
 * A staff member viewing this account (read-only): a banner that says so and ends the view, and each page they open
 * recorded in the audit log. The server refuses every write in this session whatever the page offers.
 */
import './view-as.css';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiClient } from '@kit/api-client.ts';
import type { CurrentUser } from './api.ts';

export function ViewAsBanner({ user }: { user: CurrentUser }) {
  const location = useLocation();
  const viewAs = user.$viewAs;
  const page = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (viewAs) void apiClient.POST('/viewAs/pageViews', { body: { path: page }, toast: false });
  }, [viewAs, page]);
  if (!viewAs) return null;
  async function end() {
    await apiClient.GET('/session', { toast: false });
    window.location.assign(`/admin/customers/${user.accountId}`);
  }
  return (
    <div className="view-as-banner" role="region" aria-label="Staff view">
      <div className="container view-as-inner">
        <p>
          <strong>Viewing as {user.email}</strong> — you are {viewAs.staffEmail}. Read-only: nothing can be changed here, and each page you open is recorded in
          the audit log.
        </p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void end()}>
          End view
        </button>
      </div>
    </div>
  );
}
