/** A record as the lists, previews and diffs show it: type badge, host, numbers and value, TTL. */
import { DomainName } from '@kit/DomainName.tsx';
import type { ZoneRecordSnapshot } from '../../../../api/contract/dns/zone-history.ts';
import { ttlLabel } from './ttl.ts';

/** Records whose value is a host name: it wraps at its dots like the names elsewhere (issue #25). */
const pointsAtName = new Set(['CNAME', 'MX', 'NS', 'ALIAS', 'SRV']);

export function RecordValue({ record }: { record: Pick<ZoneRecordSnapshot, 'priority' | 'weight' | 'port' | 'data'> & { type?: string } }) {
  const numbers = [record.priority, record.weight, record.port].filter((n) => n !== null).join(' ');
  return (
    <span className="dns-record-data">
      {numbers && <span className="muted">{numbers} </span>}
      {record.type && pointsAtName.has(record.type) ? <DomainName name={record.data} /> : record.data}
    </span>
  );
}

/** One line: `A  www  203.0.113.10  · 1 hour`. */
export function RecordLine({ record, line }: { record: ZoneRecordSnapshot; line?: number | null }) {
  return (
    <span className="dns-record-line">
      {line != null && <span className="dns-line-no">Line {line}</span>}
      <span className="dns-type">{record.type}</span> <strong className="dns-host">{record.host}</strong> <RecordValue record={record} />{' '}
      <span className="dns-ttl">· {ttlLabel(record.ttl)}</span>
    </span>
  );
}
