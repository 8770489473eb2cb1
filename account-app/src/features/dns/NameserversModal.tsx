/**
 * Change Nameservers (control-panel spec §4 "Nameserver change", §5 "Nameservers"): up to six fields; entries are
 * trimmed, de-duplicated and upper-cased, empty ones dropped; fewer than 2 is refused with a toast; none means our
 * two default nameservers. Each field is checked as a host name and says what is wrong under itself (issue #25);
 * the server checks the fields as sent and names a refused one by its place, which lands under the same field. Leaving
 * our nameservers while something here depends on them (forwarding, parking, the builder, email, DNS records) asks
 * first, listing what stops (issue #25). A processing overlay covers the form during the update, then the Success
 * modal shows.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { TextField } from '@kit/Field.tsx';
import Modal from '@kit/Modal.tsx';
import { SuccessModal } from '@kit/ResultModals.tsx';
import { showToast } from '@kit/toasts.ts';
import { type FormEvent, useRef, useState } from 'react';
import { mutate } from 'swr';
import { nameserverFieldCount, nameserverFieldErrors, normaliseNameservers } from '../../../../api/contract/dns/dns.ts';
import { nameserverSwitchLosses } from '../../../../api/contract/dns/risky-changes.ts';
import { type Domain, domainsKey } from '../domains/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { WhatStops } from './WhatStops.tsx';
import './dns.css';

export const tooFewNameservers = 'Please enter at least 2 nameservers';

/** The server's per-field messages (`data.errors["ns.2"]`) by field index. */
function nameserverErrorsOf(data: unknown): Record<number, string> {
  const errors = (data as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors)
      .map(([key, message]) => [Number(/^ns\.(\d+)$/.exec(key)?.[1]), String(message)] as const)
      .filter(([index]) => Number.isInteger(index)),
  );
}

function initialFields(domain: Domain | null): string[] {
  const ns = domain?.ns ?? [];
  return Array.from({ length: nameserverFieldCount }, (_, i) => ns[i] ?? '');
}

export default function NameserversModal({ domain, onClose }: DomainModalProps) {
  const [fields, setFields] = useState<string[]>(() => initialFields(domain));
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<number, string>>({});
  const [saved, setSaved] = useState<Domain | null>(null);
  /** What switching would stop, while the customer is asked; null while editing the fields. */
  const [losses, setLosses] = useState<string[] | null>(null);
  const form = useRef<HTMLFormElement>(null);
  if (!domain) return null;

  /** Shows each field's message under it and moves to the first field in error. */
  function showFieldErrors(errors: Record<number, string>): boolean {
    setFieldErrors(errors);
    const first = Object.keys(errors)
      .map(Number)
      .sort((a, b) => a - b)[0];
    if (first === undefined) return false;
    requestAnimationFrame(() => form.current?.querySelectorAll<HTMLInputElement>('input')[first]?.focus());
    return true;
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (processing || !domain) return;
    setError(null);
    if (showFieldErrors(nameserverFieldErrors(fields))) return;
    const ns = normaliseNameservers(fields);
    if (ns.length === 1) {
      showToast(tooFewNameservers, 'error');
      return;
    }
    const stops = nameserverSwitchLosses(domain, ns);
    if (stops.length > 0) setLosses(stops);
    else void send();
  }

  async function send() {
    if (!domain) return;
    setLosses(null);
    setProcessing(true);
    // The fields as typed: the server drops the empty ones, and names a refused one by its place among these.
    const answer = await apiClient.PATCH('/domains/{id}', { params: { path: { id: domain.domainId } }, body: { ns: fields }, toast: false });
    setProcessing(false);
    if (isFailure(answer)) {
      if (answer.message === tooFewNameservers) showToast(tooFewNameservers, 'error');
      else if (!showFieldErrors(nameserverErrorsOf(answer.data))) setError(answer.message);
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
            {saved.builderEnabled && (saved.websiteType === 'park' || saved.websiteType === 'forward') && !saved.$customNameservers ? (
              <p>
                {saved.domain} shows the {saved.websiteType === 'forward' ? 'forwarding' : 'parking page'}, not your Website Builder site, which is still on
                your monthly bill: choose it under Website to show it again, or remove it there.
              </p>
            ) : null}
            <p className="muted small">Other networks may keep the old nameservers for up to 48 hours.</p>
          </>
        }
        onClose={onClose}
      />
    );
  }

  if (losses) {
    return (
      <Modal open title="Switch Nameservers?" onClose={onClose}>
        <WhatStops
          intro={
            <>
              With these nameservers, <strong>{domain.domain}</strong> is answered by another DNS provider, not by us:
            </>
          }
          losses={losses}
        />
        <div className="step-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setLosses(null)}>
            Back
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void send()}>
            Switch Anyway
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal open title="Change Nameservers" onClose={onClose} dismissible={!processing}>
      <form ref={form} className="ns-form" noValidate onSubmit={save} aria-busy={processing}>
        <p className="muted small">
          Nameservers for <strong>{domain.domain}</strong>. Leave every field empty to use our default nameservers.{' '}
          <button
            type="button"
            className="link-action"
            onClick={() => {
              setFields(fields.map(() => ''));
              setFieldErrors({});
            }}
            disabled={processing}
          >
            Use Defaults
          </button>
        </p>
        {domain.dsRecords.length > 0 && (
          <p className="muted small">
            DNSSEC is on. Going back to our nameservers turns it off: our nameservers do not sign zones, so the DS records are removed at the registry first.
          </p>
        )}
        <div className="ns-fields">
          {fields.map((value, index) => (
            <TextField
              key={index}
              label={`Nameserver ${index + 1}`}
              value={value}
              placeholder={index < 2 ? `ns${index + 1}.example.net` : 'Optional'}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              disabled={processing}
              error={fieldErrors[index]}
              onChange={(e) => {
                setFields(fields.map((f, i) => (i === index ? e.target.value : f)));
                setFieldErrors(({ [index]: _, ...others }) => others);
              }}
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
