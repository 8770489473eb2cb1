/**
 * DNSSEC in the Advanced tab: the DS records the registry publishes for the domain, added one at a time, removed one
 * at a time or all at once. Each change sends the whole set (PATCH /domains/:id { dsRecords }). Our nameservers do not
 * sign zones, so a domain on them gets an explanation and a way to the nameserver change instead of the form.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { Field, TextField } from '@kit/Field.tsx';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView } from '@kit/step-views.ts';
import { showToast } from '@kit/toasts.ts';
import { useState } from 'react';
import { mutate } from 'swr';
import {
  algorithmName,
  checkDsRecord,
  digestTypeName,
  dnssecAlgorithms,
  dsDigestTypes,
  type DsRecord,
  maxDsRecords,
  sameDsRecord,
} from '../../../../api/contract/dns/dnssec-rules.ts';
import { type Domain, domainsKey } from '../domains/api.ts';
import type { OpenDomainModal } from '../domains/domain-props.ts';
import { fieldErrorsOf } from './api.ts';

type DnssecView = 'addDsRecord' | 'confirmRemoveDsRecord' | 'confirmDnssecOff';
type Draft = { keyTag: string; algorithm: string; digestType: string; digest: string };
const emptyDraft: Draft = { keyTag: '', algorithm: '13', digestType: '2', digest: '' };

/** "2BB183AF…4E3F1A09": enough to tell records apart; the full digest is in the title and copied by the button. */
export function shortDigest(digest: string): string {
  return digest.length > 20 ? `${digest.slice(0, 8)}…${digest.slice(-8)}` : digest;
}

const dsKey = (ds: DsRecord) => `${ds.keyTag}-${ds.algorithm}-${ds.digestType}-${ds.digest}`;

export function dnssecStatus(records: readonly DsRecord[]): string {
  if (records.length === 0) return 'Off';
  return `Signed: ${records.length === 1 ? '1 DS record' : `${records.length} DS records`}`;
}

/** The draft checked as the server will check it (without zod: this panel is on My Domains' first load); the first message per field. */
function checkDraft(draft: Draft, existing: readonly DsRecord[]): { record: DsRecord } | { errors: Record<string, string> } {
  const number = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
  const checked = checkDsRecord({
    keyTag: number(draft.keyTag),
    algorithm: number(draft.algorithm),
    digestType: number(draft.digestType),
    digest: draft.digest,
  });
  if ('errors' in checked) {
    const errors: Record<string, string> = { ...checked.errors };
    if (errors.keyTag && draft.keyTag.trim() === '') errors.keyTag = 'Please enter the key tag';
    return { errors };
  }
  if (existing.some((ds) => sameDsRecord(ds, checked.record))) return { errors: { digest: 'This DS record is already published' } };
  return checked;
}

export function DnssecPanel({ domain, openModal }: { domain: Domain; openModal: OpenDomainModal }) {
  const records = domain.dsRecords;
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<DsRecord | null>(null);
  const modal = useSteppedModal<DnssecView>();
  // Without the server's word, a domain that is not 'custom' is surely on our nameservers (custom ones make it custom).
  const onOurNameservers = domain.$customNameservers === undefined ? domain.websiteType !== 'custom' : !domain.$customNameservers;
  const transferring = domain.status === 'transfer';

  async function publish(dsRecords: DsRecord[], done: string) {
    const answer = await apiClient.PATCH('/domains/{id}', { params: { path: { id: domain.domainId } }, body: { dsRecords }, toast: false });
    if (isFailure(answer)) return answer;
    await mutate(domainsKey);
    showToast(done, 'success');
    return { close: true as const };
  }

  function startAdding() {
    setDraft(emptyDraft);
    setErrors({});
    modal.open('addDsRecord');
  }

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const views: StepViews<DnssecView> = {
    addDsRecord: {
      title: 'Add DS Record',
      body: (
        <div className="ds-form">
          <p className="muted small">
            Copy these values from your DNS provider’s DNSSEC settings for <strong>{domain.domain}</strong>. They are published at the registry, where resolvers
            check your zone’s signatures against them.
          </p>
          <div className="ds-fields">
            <TextField
              label="Key tag"
              inputMode="numeric"
              placeholder="2371"
              value={draft.keyTag}
              error={errors.keyTag}
              onChange={(e) => set('keyTag')(e.target.value)}
            />
            <Field label="Algorithm" error={errors.algorithm}>
              {(control) => (
                <select className="select" {...control} value={draft.algorithm} onChange={(e) => set('algorithm')(e.target.value)}>
                  {Object.entries(dnssecAlgorithms).map(([number, name]) => (
                    <option key={number} value={number}>
                      {number} · {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Digest type" error={errors.digestType}>
              {(control) => (
                <select className="select" {...control} value={draft.digestType} onChange={(e) => set('digestType')(e.target.value)}>
                  {Object.entries(dsDigestTypes).map(([number, type]) => (
                    <option key={number} value={number}>
                      {number} · {type.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label="Digest" error={errors.digest} hint={`${dsDigestTypes[Number(draft.digestType)]?.hexLength ?? 64} hexadecimal characters`}>
            {(control) => (
              <textarea
                className="textarea ds-digest-input"
                {...control}
                rows={3}
                spellCheck={false}
                autoCapitalize="characters"
                value={draft.digest}
                onChange={(e) => set('digest')(e.target.value)}
              />
            )}
          </Field>
        </div>
      ),
      actions: [
        {
          label: 'Add DS Record',
          run: async () => {
            const checked = checkDraft(draft, records);
            if ('errors' in checked) {
              setErrors(checked.errors);
              return { error: true, status: 400, message: 'Please correct the highlighted fields' };
            }
            const answer = await publish([...records, checked.record], `DS record ${checked.record.keyTag} added: ${domain.domain} is signed`);
            if (isFailure(answer)) {
              const fieldErrors = Object.fromEntries(Object.entries(fieldErrorsOf(answer.data)).map(([key, value]) => [key.split('.').at(-1) ?? key, value]));
              setErrors(fieldErrors);
            }
            return answer;
          },
        },
        { label: 'Cancel', close: true, variant: 'secondary' },
      ],
    },
    confirmRemoveDsRecord: confirmView<DnssecView>({
      title: 'Remove DS Record',
      body: removing && (
        <p>
          Remove the DS record with key tag <strong>{removing.keyTag}</strong> ({algorithmName(removing.algorithm)}) from {domain.domain}?
          {records.length === 1 ? ' It is the only one: DNSSEC will be off.' : ''}
        </p>
      ),
      confirm: 'Remove',
      variant: 'danger',
      run: () => {
        const rest = records.filter((ds) => !removing || dsKey(ds) !== dsKey(removing));
        return publish(rest, rest.length ? `DS record ${removing?.keyTag} removed` : `DNSSEC is off for ${domain.domain}`);
      },
    }),
    confirmDnssecOff: confirmView<DnssecView>({
      title: 'Turn Off DNSSEC',
      body: (
        <>
          <p>
            Remove all {records.length === 1 ? 'DS record' : `${records.length} DS records`} of <strong>{domain.domain}</strong> from the registry?
          </p>
          <p className="muted small">Resolvers stop checking your zone’s signatures once the registry’s change reaches them (usually within a day).</p>
        </>
      ),
      confirm: 'Turn Off DNSSEC',
      variant: 'danger',
      run: () => publish([], `DNSSEC is off for ${domain.domain}`),
    }),
  };

  return (
    <section className="dnssec-panel" aria-labelledby={`dnssec-${domain.domainId}`}>
      <div className="dnssec-head">
        <h3 id={`dnssec-${domain.domainId}`}>DNSSEC</h3>
        <span className={`badge ${records.length ? 'badge-success' : ''}`} data-testid="dnssec-status">
          {dnssecStatus(records)}
        </span>
      </div>
      <DataTable
        variant="plain"
        className="dns-table ds-table"
        rows={records}
        rowKey={dsKey}
        empty={null}
        columns={[
          { key: 'keyTag', label: 'Key tag', cellClassName: 'dns-host', render: (ds) => ds.keyTag },
          {
            key: 'algorithm',
            label: 'Algorithm',
            render: (ds) => (
              <>
                {ds.algorithm} · {algorithmName(ds.algorithm)}
              </>
            ),
          },
          {
            key: 'digestType',
            label: 'Digest type',
            render: (ds) => (
              <>
                {ds.digestType} · {digestTypeName(ds.digestType)}
              </>
            ),
          },
          {
            key: 'digest',
            label: 'Digest',
            render: (ds) => (
              <span className="dns-record-data" title={ds.digest}>
                {shortDigest(ds.digest)}
              </span>
            ),
          },
          {
            key: 'actions',
            label: 'Actions',
            hideLabel: true,
            cellClassName: 'dns-actions',
            render: (ds) => (
              <>
                <button
                  type="button"
                  className="link-action"
                  aria-label={`Copy the digest of DS record ${ds.keyTag}`}
                  onClick={() =>
                    navigator.clipboard?.writeText(ds.digest).then(
                      () => showToast('Digest copied', 'success'),
                      () => showToast('Could not copy: select the digest from the record instead', 'error'),
                    )
                  }
                >
                  Copy
                </button>
                <button
                  type="button"
                  className="link-action link-danger"
                  aria-label={`Remove DS record ${ds.keyTag}`}
                  onClick={() => {
                    setRemoving(ds);
                    modal.open('confirmRemoveDsRecord');
                  }}
                >
                  Remove
                </button>
              </>
            ),
          },
        ]}
      />
      {transferring ? (
        <p className="muted small">DNSSEC can be set up once the transfer of {domain.domain} to us is complete.</p>
      ) : onOurNameservers && records.length === 0 ? (
        <p className="muted small dnssec-note">
          DNSSEC needs nameservers that sign the zone. Our nameservers do not sign zones, so {domain.domain} stays unsigned while it uses them.{' '}
          <button type="button" className="link-action" onClick={() => openModal('nameservers', domain)}>
            Use your DNS provider’s nameservers
          </button>{' '}
          (one that signs your zone), then add the DS records it gives you here.
        </p>
      ) : (
        <>
          {records.length === 0 && <p className="muted small">Add the DS records your DNS provider gives you once it signs {domain.domain}.</p>}
          <div className="dnssec-actions">
            <button type="button" className="btn btn-secondary btn-sm" onClick={startAdding} disabled={records.length >= maxDsRecords}>
              Add DS Record
            </button>
            {records.length > 0 && (
              <button type="button" className="link-action link-danger" onClick={() => modal.open('confirmDnssecOff')}>
                Turn Off DNSSEC
              </button>
            )}
          </div>
          {records.length >= maxDsRecords && <p className="muted small">A domain can have at most {maxDsRecords} DS records.</p>}
        </>
      )}
      <SteppedModal modal={modal} views={views} />
    </section>
  );
}
