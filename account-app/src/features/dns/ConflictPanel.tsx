/**
 * "This Domain is using Custom DNS Records" (control-panel spec §2, §4): shown on the Service tab instead of the
 * builder, forward and park options when the website type is custom; lists the records and nameservers that point
 * the domain elsewhere, with Edit Advanced Settings.
 */
import { isWebsiteRecord } from '../../../../api/contract/dns/dns-website.ts';
import type { Domain } from '../domains/api.ts';
import './dns.css';

export function ConflictPanel({ domain, onAdvanced }: { domain: Domain; onAdvanced: () => void }) {
  const records = (domain.dnsRecords ?? []).filter(isWebsiteRecord);
  // A custom domain without a conflicting record is custom by its nameservers (spec §4): those are the conflict.
  const showNameservers = records.length === 0;
  return (
    <div className="conflict-panel" data-testid="conflict-panel">
      <h3>This Domain is using Custom DNS Records</h3>
      <p>Website builder, forwarding and parking are off while these records point the domain elsewhere:</p>
      <ul className="conflict-list">
        {records.map((r) => (
          <li key={r.dnsRecordId}>
            <span className="dns-type">{r.type}</span> <strong>{r.host}</strong> <span className="dns-record-data">{r.data}</span>
          </li>
        ))}
        {showNameservers && domain.ns.length > 0 && (
          <li>
            <span className="dns-type">NS</span> <strong>Nameservers</strong> <span className="dns-record-data">{domain.ns.join(', ')}</span>
          </li>
        )}
      </ul>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onAdvanced}>
        Edit Advanced Settings
      </button>
    </div>
  );
}
