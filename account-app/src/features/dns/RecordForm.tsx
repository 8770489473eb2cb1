/**
 * The fields of one DNS record (add and edit): type, host, TTL, the value, and the fields of its type — priority,
 * weight and port (MX, SRV), flag, tag and value (CAA), usage, selector, matching type and data (TLSA), priority,
 * target and parameters (SVCB, HTTPS). The draft they edit, and what is sent of it, is record-draft.ts.
 */
import { Field, TextField } from '@kit/Field.tsx';
import { type DnsFieldErrors, type DnsRecordType, usesPriority, usesWeightAndPort } from '../../../../api/contract/dns/dns.ts';
import { caaTagLabels, caaTags, tlsaMatchingTypes, tlsaSelectors, tlsaUsages } from '../../../../api/contract/dns/rich-records.ts';
import { dnsRecordTypes } from '../../../../api/contract/domains/domain.ts';
import type { RecordDraft } from './record-draft.ts';
import { ttlChoices, ttlLabel } from './ttl.ts';

const valueLabels: Partial<Record<DnsRecordType, { label: string; placeholder: string }>> = {
  A: { label: 'IPv4 address', placeholder: '203.0.113.10' },
  AAAA: { label: 'IPv6 address', placeholder: '2001:db8::10' },
  ALIAS: { label: 'Points to', placeholder: 'myapp.herokudns.com' },
  CNAME: { label: 'Points to', placeholder: 'shops.myshopify.com' },
  MX: { label: 'Mail server', placeholder: 'mx1.mailhost.com' },
  NS: { label: 'Nameserver', placeholder: 'ns1.otherdns.com' },
  SRV: { label: 'Target', placeholder: 'sip.example.com' },
  TXT: { label: 'Text', placeholder: 'v=spf1 include:_spf.example.com ~all' },
};

const hostPlaceholders: Partial<Record<DnsRecordType, string>> = { SRV: '_sip._tcp', TXT: '@ or _dmarc', TLSA: '_443._tcp', SVCB: '_dns', HTTPS: '@ or www' };
const typeHints: Partial<Record<DnsRecordType, string>> = {
  CAA: 'Which certificate authorities may issue certificates for this name (RFC 8659).',
  HTTPS: 'Tells browsers how to connect: HTTP/3, other ports and addresses, before they ask (RFC 9460).',
  SVCB: 'Service binding for other protocols, such as DNS over HTTPS at _dns (RFC 9460).',
  TLSA: 'Pins the TLS certificate or key a server uses (DANE, RFC 6698). Needs DNSSEC to be trusted.',
};

type Props = {
  draft: RecordDraft;
  errors: DnsFieldErrors;
  zone: string;
  onChange: (draft: RecordDraft) => void;
  /** Editing keeps the type (Update DNS does not send one). */
  typeFixed?: boolean;
};

type TextKey = { [K in keyof RecordDraft]: RecordDraft[K] extends string ? K : never }[keyof RecordDraft];

export function RecordFields({ draft, errors, zone, onChange, typeFixed = false }: Props) {
  const set = (field: TextKey) => (event: { target: { value: string } }) => onChange({ ...draft, [field]: event.target.value });
  const toggle = (field: 'caaCritical' | 'svcNoDefaultAlpn') => (event: { target: { checked: boolean } }) =>
    onChange({ ...draft, [field]: event.target.checked });
  const value = valueLabels[draft.type];
  const isSvc = draft.type === 'SVCB' || draft.type === 'HTTPS';
  const ttls = ttlChoices(Number(draft.ttl));
  const mono = { autoCapitalize: 'none', spellCheck: false } as const;
  return (
    <div className="record-fields">
      <Field label="Type">
        {(control) => (
          <select
            className="select"
            value={draft.type}
            onChange={(event) => onChange({ ...draft, type: event.target.value as DnsRecordType })}
            disabled={typeFixed}
            {...control}
          >
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
        {...mono}
      />
      <Field label="TTL" hint="How long resolvers may keep the answer" error={errors.ttl}>
        {(control) => (
          <select className="select" value={draft.ttl} onChange={set('ttl')} {...control}>
            {ttls.map((seconds) => (
              <option key={seconds} value={String(seconds)}>
                {ttlLabel(seconds)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {typeHints[draft.type] && <p className="record-type-hint muted small">{typeHints[draft.type]}</p>}
      {value && (
        <TextField
          label={value.label}
          value={draft.data}
          onChange={set('data')}
          placeholder={value.placeholder}
          error={errors.data}
          className="input record-value"
          {...mono}
        />
      )}
      {draft.type === 'CAA' && (
        <div className="record-rich">
          <Field label="Tag" error={errors.caaTag}>
            {(control) => (
              <select className="select" value={draft.caaTag} onChange={set('caaTag')} {...control}>
                {caaTags.map((tag) => (
                  <option key={tag} value={tag}>
                    {caaTagLabels[tag]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={draft.caaTag === 'iodef' ? 'Report to' : draft.caaTag.startsWith('contact') ? 'Contact' : 'Certificate authority'}
            value={draft.caaValue}
            onChange={set('caaValue')}
            placeholder={
              draft.caaTag === 'iodef'
                ? 'mailto:security@example.com'
                : draft.caaTag === 'contactemail'
                  ? 'hostmaster@example.com'
                  : draft.caaTag === 'contactphone'
                    ? '+14155550123'
                    : 'letsencrypt.org'
            }
            hint={draft.caaTag.startsWith('issue') ? 'The CA’s domain; “;” alone allows none' : undefined}
            error={errors.caaValue ?? errors.data}
            {...mono}
          />
          <label className="checkbox-field record-flag">
            <input type="checkbox" checked={draft.caaCritical} onChange={toggle('caaCritical')} />
            <span>Critical: a CA that does not understand this tag must not issue</span>
          </label>
          {errors.caaFlags && <p className="field-error">{errors.caaFlags}</p>}
        </div>
      )}
      {draft.type === 'TLSA' && (
        <div className="record-rich record-rich-3">
          {(
            [
              ['tlsaUsage', 'Certificate usage', tlsaUsages],
              ['tlsaSelector', 'Selector', tlsaSelectors],
              ['tlsaMatchingType', 'Matching type', tlsaMatchingTypes],
            ] as const
          ).map(([field, label, options]) => (
            <Field key={field} label={label} error={errors[field]}>
              {(control) => (
                <select className="select" value={draft[field]} onChange={set(field)} {...control}>
                  {options.map(([n, words]) => (
                    <option key={n} value={String(n)}>
                      {n} · {words}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
          <TextField
            label="Certificate association data"
            value={draft.tlsaData}
            onChange={set('tlsaData')}
            placeholder={
              draft.tlsaMatchingType === '2'
                ? '128 hex digits (SHA-512)'
                : draft.tlsaMatchingType === '1'
                  ? '64 hex digits (SHA-256)'
                  : 'The certificate or key in hex'
            }
            error={errors.tlsaData ?? errors.data}
            className="input record-hex record-wide"
            {...mono}
          />
        </div>
      )}
      {isSvc && (
        <div className="record-rich">
          <TextField
            label="Target"
            value={draft.svcTarget}
            onChange={set('svcTarget')}
            placeholder="."
            hint="“.” means this name itself; or a host name such as cdn.example.net"
            error={errors.svcTarget ?? errors.data}
            {...mono}
          />
          <TextField
            label="ALPN protocols"
            value={draft.svcAlpn}
            onChange={set('svcAlpn')}
            placeholder="h3,h2"
            hint="Comma-separated"
            error={errors.svcAlpn}
            {...mono}
          />
          <TextField label="Port" inputMode="numeric" value={draft.svcPort} onChange={set('svcPort')} placeholder="443" error={errors.svcPort} />
          <TextField label="IPv4 hints" value={draft.svcIpv4hint} onChange={set('svcIpv4hint')} placeholder="192.0.2.1" error={errors.svcIpv4hint} {...mono} />
          <TextField
            label="IPv6 hints"
            value={draft.svcIpv6hint}
            onChange={set('svcIpv6hint')}
            placeholder="2001:db8::1"
            error={errors.svcIpv6hint}
            {...mono}
          />
          <TextField label="ECH config (base64)" value={draft.svcEch} onChange={set('svcEch')} error={errors.svcEch} {...mono} />
          <TextField
            label="Mandatory parameters"
            value={draft.svcMandatory}
            onChange={set('svcMandatory')}
            placeholder="alpn"
            error={errors.svcMandatory}
            {...mono}
          />
          <TextField
            label="Other parameters"
            value={draft.svcOther}
            onChange={set('svcOther')}
            placeholder='key65000="value"'
            error={errors.svcParams}
            {...mono}
          />
          <label className="checkbox-field record-flag">
            <input type="checkbox" checked={draft.svcNoDefaultAlpn} onChange={toggle('svcNoDefaultAlpn')} />
            <span>No default ALPN: only the protocols listed</span>
          </label>
        </div>
      )}
      {usesPriority(draft.type) && (
        <div className="record-numbers">
          <TextField
            label="Priority"
            inputMode="numeric"
            value={draft.priority}
            onChange={set('priority')}
            placeholder={isSvc ? '1' : '10'}
            hint={isSvc ? '0 makes it an alias; 1 or more a service' : undefined}
            error={errors.priority}
          />
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
