/** The CSV export of My Domains: name, expiry, auto-renew, nameservers, status; RFC 4180 quoting. */
import { formatIsoDay } from '@kit/dates.ts';
import { displayStatus, displayStatusLabels } from '../../../../api/contract/domains/domain-status.ts';
import type { Domain } from './api.ts';

export const csvHeader = ['Domain', 'Expires', 'Auto-renew', 'Nameservers', 'Status'];

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function domainsCsv(domains: Domain[], now: Date): string {
  const lines = domains.map((d) =>
    [d.domain, formatIsoDay(d.expireDate), d.autoRenewEnabled ? 'On' : 'Off', d.ns.join(' ').toLowerCase(), displayStatusLabels[displayStatus(d, now)]]
      .map(cell)
      .join(','),
  );
  return `${[csvHeader.join(','), ...lines].join('\r\n')}\r\n`;
}

/** Hands the file to the browser's download; nothing leaves the page. */
export function downloadCsv(domains: Domain[], now: Date): void {
  const blob = new Blob([domainsCsv(domains, now)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `domains-${formatIsoDay(now)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
