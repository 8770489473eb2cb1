/**
 * The fields of one DNS record (add and edit): type, host, value, and priority, weight and port where the type has
 * them. `recordPayload` builds what is sent (spec §5 "DNS add": values trimmed, empty fields omitted, priority only
 * for MX and SRV, weight and port only for SRV); `checkRecord` runs the same format rules as the server.
 */
import { Field, TextField } from '@kit/Field.tsx';
import { type DnsFieldErrors, type DnsRecordType, usesPriority, usesWeightAndPort, validateDnsRecord } from '../../../../api/contract/dns/dns.ts';
import { dnsRecordTypes } from '../../../../api/contract/domains/domain.ts';

export type RecordDraft = { type: DnsRecordType; host: string; data: string; priority: string; weight: string; port: string };

export const emptyDraft: RecordDraft = { type: 'A', host: '', data: '', priority: '', weight: '', port: '' };

const valueLabels: Record<DnsRecordType, { label: string; placeholder: string }> = {
  A: { label: 'IPv4 address', placeholder: '203.0.113.10' },
  AAAA: { label: 'IPv6 address', placeholder: '2001:db8::10' },
  ALIAS: { label: 'Points to', placeholder: 'myapp.herokudns.com' },
  CNAME: { label: 'Points to', placeholder: 'shops.myshopify.com' },
  MX: { label: 'Mail server', placeholder: 'mx1.mailhost.com' },
  NS: { label: 'Nameserver', placeholder: 'ns1.otherdns.com' },
  SRV: { label: 'Target', placeholder: 'sip.example.com' },
  TXT: { label: 'Text', placeholder: 'v=spf1 include:_spf.example.com ~all' },
};

const hostPlaceholders: Partial<Record<DnsRecordType, string>> = { SRV: '_sip._tcp', TXT: '@ or _dmarc' };

function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** What Add DNS / Update DNS send: trimmed, empty fields left out, numbers only for the types that have them. */
export function recordPayload(draft: RecordDraft): Record<string, string | number> {
  const payload: Record<string, string | number> = {};
  const host = draft.host.trim();
  const data = draft.data.trim();
  if (host) payload.host = host;
  if (data) payload.data = data;
  const numbers: ('priority' | 'weight' | 'port')[] = usesWeightAndPort(draft.type) ? ['priority', 'weight', 'port'] : usesPriority(draft.type) ? ['priority'] : [];
  for (const field of numbers) {
    const value = numberOrUndefined(draft[field]);
    if (value !== undefined) payload[field] = value;
  }
  return payload;
}

export function checkRecord(draft: RecordDraft, zone: string): DnsFieldErrors {
  const payload = recordPayload(draft);
  const result = validateDnsRecord({ type: draft.type, ...payload } as Parameters<typeof validateDnsRecord>[0], zone);
  return 'errors' in result ? result.errors : {};
}

export function draftOf(record: { type: DnsRecordType; host: string; data: string; priority: number | null; weight: number | null; port: number | null }): RecordDraft {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return { type: record.type, host: record.host, data: record.data, priority: text(record.priority), weight: text(record.weight), port: text(record.port) };
}

type Props = {
  draft: RecordDraft;
  errors: DnsFieldErrors;
  zone: string;
  onChange: (draft: RecordDraft) => void;
  /** Editing keeps the type (Update DNS does not send one). */
  typeFixed?: boolean;
};

export function RecordFields({ draft, errors, zone, onChange, typeFixed = false }: Props) {
  const set = (field: keyof RecordDraft) => (event: { target: { value: string } }) => onChange({ ...draft, [field]: event.target.value });
  const value = valueLabels[draft.type];
  return (
    <div className="record-fields">
      <Field label="Type">
        {(control) => (
          <select className="select" value={draft.type} onChange={set('type')} disabled={typeFixed} {...control}>
            {dnsRecordTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label="Host"
        value={draft.host}
        onChange={set('host')}
        placeholder={hostPlaceholders[draft.type] ?? '@ or www'}
        hint={<>@ or blank means {zone}</>}
        error={errors.host}
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        label={value.label}
        value={draft.data}
        onChange={set('data')}
        placeholder={value.placeholder}
        error={errors.data}
        autoCapitalize="none"
        spellCheck={false}
        className="input record-value"
      />
      {usesPriority(draft.type) && (
        <div className="record-numbers">
          <TextField label="Priority" inputMode="numeric" value={draft.priority} onChange={set('priority')} placeholder="10" error={errors.priority} />
          {usesWeightAndPort(draft.type) && (
            <>
              <TextField label="Weight" inputMode="numeric" value={draft.weight} onChange={set('weight')} placeholder="5" error={errors.weight} />
              <TextField label="Port" inputMode="numeric" value={draft.port} onChange={set('port')} placeholder="5060" error={errors.port} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
