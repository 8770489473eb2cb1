/**
 * Change Nameservers (control-panel spec §4 "Nameserver change", §5 "Nameservers"): up to six fields; entries are
 * trimmed, de-duplicated and upper-cased, empty ones dropped; fewer than 2 is refused with a toast; none means our
 * two default nameservers. A processing overlay covers the form during the update, then the Success modal shows.
 */
import { api, isFailure } from '@kit/api.ts';
import { TextField } from '@kit/Field.tsx';
import Modal from '@kit/Modal.tsx';
import { SuccessModal } from '@kit/ResultModals.tsx';
import { showToast } from '@kit/toasts.ts';
import { type FormEvent, useState } from 'react';
import { mutate } from 'swr';
import { nameserverFieldCount, normaliseNameservers } from '../../../../api/contract/dns/dns.ts';
import { type Domain, domainsKey } from '../domains/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import './dns.css';

export const tooFewNameservers = 'Please enter at least 2 nameservers';

function initialFields(domain: Domain | null): string[] {
  const ns = domain?.ns ?? [];
  return Array.from({ length: nameserverFieldCount }, (_, i) => ns[i] ?? '');
}

export default function NameserversModal({ domain, onClose }: DomainModalProps) {
  const [fields, setFields] = useState<string[]>(() => initialFields(domain));
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Domain | null>(null);
  if (!domain) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (processing || !domain) return;
    const ns = normaliseNameservers(fields);
    if (ns.length === 1) {
      showToast(tooFewNameservers, 'error');
      return;
    }
    setError(null);
    setProcessing(true);
    const answer = await api<Domain>(`/domains/${domain.domainId}`, { method: 'PATCH', body: { ns }, toast: false });
    setProcessing(false);
    if (isFailure(answer)) {
      if (answer.message === tooFewNameservers) showToast(tooFewNameservers, 'error');
      else setError(answer.message);
      return;
    }
    await mutate(domainsKey);
    setSaved(answer);
  }

  if (saved) {
    return (
      <SuccessModal
        open
        message={
          <>
            <p>
              Your nameservers have been updated: {saved.domain} now uses {saved.ns.join(', ')}.
            </p>
            {saved.$dsRecordsRemoved ? (
              <p>
                DNSSEC is off: our nameservers do not sign zones, so the domain’s{' '}
                {saved.$dsRecordsRemoved === 1 ? 'DS record was' : `${saved.$dsRecordsRemoved} DS records were`} removed at the registry first.
              </p>
            ) : null}
            <p className="muted small">Other networks may keep the old nameservers for up to 48 hours.</p>
          </>
        }
        onClose={onClose}
      />
    );
  }

  return (
    <Modal open title="Change Nameservers" onClose={onClose} dismissible={!processing}>
      <form className="ns-form" noValidate onSubmit={save} aria-busy={processing}>
        <p className="muted small">
          Nameservers for <strong>{domain.domain}</strong>. Leave every field empty to use our default nameservers.{' '}
          <button type="button" className="link-action" onClick={() => setFields(fields.map(() => ''))} disabled={processing}>
            Use Defaults
          </button>
        </p>
        {domain.dsRecords.length > 0 && (
          <p className="muted small">
            DNSSEC is on. Going back to our nameservers turns it off: our nameservers do not sign zones, so the DS records are removed at the registry
            first.
          </p>
        )}
        <div className="ns-fields">
          {fields.map((value, index) => (
            <TextField
              key={index}
              label={`Nameserver ${index + 1}`}
              value={value}
              placeholder={index < 2 ? `NS${index + 1}.EXAMPLE.COM` : 'Optional'}
              autoCapitalize="characters"
              spellCheck={false}
              disabled={processing}
              onChange={(e) => setFields(fields.map((f, i) => (i === index ? e.target.value : f)))}
            />
          ))}
        </div>
        {error && (
          <p className="step-error" role="alert">
            {error}
          </p>
        )}
        <div className="step-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={processing}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={processing}>
            Save Nameservers
          </button>
        </div>
        {processing && (
          <div className="processing-overlay" role="status">
            <span className="spinner" aria-hidden="true" />
            Updating nameservers…
          </div>
        )}
      </form>
    </Modal>
  );
}
