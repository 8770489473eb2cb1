/** Stand-ins for the flows the control-panel issues bring (renew, transfer, sell, DNS): honest, and easy to leave. */
import { brand } from '@kit/brand.ts';

export type PlaceholderKind = 'renew' | 'transfer' | 'sell' | 'nameservers' | 'customNameservers' | 'dnsRecords';

const titles: Record<PlaceholderKind, string> = {
  renew: 'Renew My Domain',
  transfer: 'Domain Transfers',
  sell: 'Sell My Domain',
  nameservers: 'Change Nameservers',
  customNameservers: 'Manage Custom Nameservers',
  dnsRecords: 'Manage DNS Records',
};

export function placeholderTitle(kind: PlaceholderKind): string {
  return titles[kind];
}

export function PlaceholderModal({ kind, onClose }: { kind: PlaceholderKind; onClose: () => void }) {
  return (
    <div className="placeholder-modal">
      <p>
        {titles[kind]} from your control panel is coming soon. Until then, our support team can do it for you at{' '}
        <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
      </p>
      <button type="button" className="btn btn-primary" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
