/** The card's Service tab (control-panel spec §2, §4): builder, forward or park, or the custom-DNS conflict panel. */
import { ConflictPanel } from '../dns/ConflictPanel.tsx';
import type { DomainTabProps } from '../domains/DomainCard.tsx';

export function ServiceTab({ domain, onAdvanced }: DomainTabProps) {
  if (domain.websiteType === 'custom') return <ConflictPanel domain={domain} onAdvanced={onAdvanced} />;
  const options = [
    { key: 'builder', title: 'Website Builder', text: domain.builderEnabled ? `Your site: ${domain.builderUrl ?? 'not published yet'}` : 'Build a site on this domain.' },
    { key: 'forward', title: 'Forwarding', text: domain.forwardUrl ? `Forwards to ${domain.forwardUrl}` : 'Send visitors to another address.' },
    { key: 'park', title: 'Parking', text: domain.parkType === 'blank' ? 'A blank page.' : 'A simple “coming soon” page.' },
  ];
  return (
    <ul className="service-options">
      {options.map((o) => (
        <li key={o.key} className={domain.websiteType === o.key ? 'is-current' : ''}>
          <strong>{o.title}</strong>
          {domain.websiteType === o.key && <span className="badge badge-success">In use</span>}
          <p className="muted small">{o.text}</p>
        </li>
      ))}
    </ul>
  );
}
