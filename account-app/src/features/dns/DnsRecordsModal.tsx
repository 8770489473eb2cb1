/**
 * Manage DNS Records (control-panel spec §2 modal 4, §5 "DNS add", §7 Add / Update / Delete DNS): the records with an
 * add form; Edit opens confirmEdit (the record's form) then finishEdit; Delete opens confirmDelete then finishDelete.
 * Beside them (issue #25): several records deleted at once, a zone file imported (ZoneImportViews) or exported,
 * provider templates (TemplateViews) and the change history with diffs and restore (HistoryViews).
 * A record that would stop something working (an NS record at the root, a record taking the website or the mail
 * elsewhere) goes through confirmRiskyRecord first, which says what stops (issue #25).
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { DomainName } from '@kit/DomainName.tsx';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { showToast } from '@kit/toasts.ts';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import type { DnsFieldErrors } from '../../../../api/contract/dns/dns.ts';
import { recordChangeLosses } from '../../../../api/contract/dns/risky-changes.ts';
import { type DnsRecord, domainsKey } from '../domains/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { dnsChangesKey, dnsRecordsKey, useDnsRecords, withFieldErrors, zoneFileHref } from './api.ts';
import type { DnsView as View } from './dns-views.ts';
import { useHistoryViews } from './HistoryViews.tsx';
import { checkRecord, draftOf, emptyDraft, normalisedRecord, type RecordDraft, recordPayload } from './record-draft.ts';
import { RecordFields } from './RecordForm.tsx';
import { RecordLine, RecordValue } from './RecordText.tsx';
import { useTemplateViews } from './TemplateViews.tsx';
import { ttlLabel } from './ttl.ts';
import { useImportViews } from './ZoneImportViews.tsx';
import { WhatStops } from './WhatStops.tsx';
import './dns.css';

const propagation = 'Changes reach our nameservers at once; other networks may keep the old answer for 4 to 6 hours.';

export default function DnsRecordsModal({ domain, onClose }: DomainModalProps) {
  const domainId = domain?.domainId ?? 0;
  const zone = domain?.domain ?? '';
  const { records, isLoading } = useDnsRecords(domainId);
  const [draft, setDraft] = useState<RecordDraft>(emptyDraft);
  const [errors, setErrors] = useState<DnsFieldErrors>({});
  const [editing, setEditing] = useState<DnsRecord | null>(null);
  const [editDraft, setEditDraft] = useState<RecordDraft>(emptyDraft);
  const [editErrors, setEditErrors] = useState<DnsFieldErrors>({});
  const [selected, setSelected] = useState<number[]>([]);
  /** A change waiting for the customer's yes, and what it would stop. */
  const [risky, setRisky] = useState<{ change: 'add' | 'edit'; losses: string[] } | null>(null);
  const modal = useSteppedModal<View>({ onClose });

  useEffect(() => {
    if (domain) modal.open('manageDnsRecords');
    // Opened once, for the domain it was mounted with.
  }, []);

  async function refresh() {
    setSelected((ids) => ids.filter((id) => records.some((r) => r.dnsRecordId === id)));
    await Promise.all([mutate(dnsRecordsKey(domainId)), mutate(domainsKey), mutate(dnsChangesKey(domainId))]);
  }
  const importViews = useImportViews(domainId, zone, refresh);
  const templateViews = useTemplateViews(domainId, zone, refresh, modal.run);
  const historyViews = useHistoryViews(domainId, zone, refresh, modal.run);
  const allSelected = records.length > 0 && selected.length === records.length;
  const toggle = (id: number) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  async function deleteSelected() {
    const answer = await apiClient.POST('/dnsRecordDeletions', { body: { domainId, dnsRecordIds: selected }, toast: false });
    if (isFailure(answer)) return answer;
    setSelected([]);
    await refresh();
    return 'finishBulkDelete' as const;
  }

  function startEdit(record: DnsRecord) {
    setEditing(record);
    setEditDraft(draftOf(record));
    setEditErrors({});
    modal.go('confirmEdit');
  }

  function startDelete(record: DnsRecord) {
    setEditing(record);
    modal.go('confirmDelete');
  }

  /** The confirmation a change needs first, or null when it stops nothing. */
  function askFirst(change: 'add' | 'edit', next: RecordDraft, before: DnsRecord | null) {
    const record = domain && normalisedRecord(next, zone);
    // The records as listed now: the domain was read when the modal opened, and records may have come since.
    const losses = record ? recordChangeLosses({ ...domain, dnsRecords: records }, record, before) : [];
    if (losses.length === 0) return null;
    setRisky({ change, losses });
    return 'confirmRiskyRecord' as const;
  }

  async function addRecord(confirmed = false) {
    const found = checkRecord(draft, zone);
    setErrors(found);
    if (Object.keys(found).length) return { error: true as const, status: 400, message: 'Please correct the highlighted fields' };
    const ask = confirmed ? null : askFirst('add', draft, null);
    if (ask) return ask;
    // checkRecord has made sure of a value: `data` is never empty here.
    const { data = '', ...rest } = recordPayload(draft);
    const created = await apiClient.POST('/dnsRecords', { body: { domainId, type: draft.type, data, ...rest }, toast: false });
    if (isFailure(created)) {
      return withFieldErrors(created, setErrors);
    }
    setDraft({ ...emptyDraft, type: draft.type });
    // The list is what the customer waits for; the domain and the history follow without holding the form, whose
    // next Add Record would otherwise find this one still running and be dropped.
    await mutate(dnsRecordsKey(domainId));
    void Promise.all([mutate(domainsKey), mutate(dnsChangesKey(domainId))]);
    showToast(`${created.type} record added`, 'success');
    return 'manageDnsRecords' as const;
  }

  async function saveEdit(confirmed = false) {
    if (!editing) return 'manageDnsRecords' as const;
    const found = checkRecord(editDraft, zone);
    setEditErrors(found);
    if (Object.keys(found).length) return { error: true as const, status: 400, message: 'Please correct the highlighted fields' };
    const ask = confirmed ? null : askFirst('edit', editDraft, editing);
    if (ask) return ask;
    const payload = recordPayload(editDraft);
    // An emptied optional field is sent as null, so the server clears it rather than keeping the old value.
    const body = { dnsRecordId: editing.dnsRecordId, host: '', ...payload };
    const updated = await apiClient.PATCH('/dnsRecords/{id}', { params: { path: { id: editing.dnsRecordId } }, body, toast: false });
    if (isFailure(updated)) {
      return withFieldErrors(updated, setEditErrors);
    }
    setEditing(updated);
    await refresh();
    return 'finishEdit' as const;
  }

  async function deleteRecord() {
    if (!editing) return 'manageDnsRecords' as const;
    const answer = await apiClient.DELETE('/dnsRecords/{id}', { params: { path: { id: editing.dnsRecordId } }, toast: false });
    if (isFailure(answer)) return answer;
    await refresh();
    return 'finishDelete' as const;
  }

  const summary = editing && (
    <p className="dns-record-summary">
      <span className="dns-type">{editing.type}</span>{' '}
      <strong>
        <DomainName name={editing.host} />
      </strong>{' '}
      <RecordValue record={editing} />
    </p>
  );

  const views: StepViews<View> = {
    manageDnsRecords: {
      title: 'Manage DNS Records',
      body: (
        <div className="dns-modal">
          <p className="muted small">
            Records for <strong>{zone}</strong>. {propagation}
          </p>
          <div className="dns-toolbar" role="group" aria-label="DNS tools">
            {records.length > 0 && (
              <label className="dns-select-all">
                <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? [] : records.map((r) => r.dnsRecordId))} />
                <span>Select all records</span>
              </label>
            )}
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => modal.go('importZone')}>
              Import
            </button>
            <a className="btn btn-secondary btn-sm" href={zoneFileHref(domainId)} download={`${zone}.zone`}>
              Export<span className="visually-hidden"> {zone} as a zone file</span>
            </a>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => modal.go('templates')}>
              Templates
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => modal.go('history')}>
              History
            </button>
            {selected.length > 0 && (
              <button type="button" className="btn btn-danger btn-sm dns-bulk" onClick={() => modal.go('confirmBulkDelete')}>
                Delete {selected.length} selected
              </button>
            )}
          </div>
          {isLoading ? (
            <p className="muted">Loading records…</p>
          ) : (
            <DataTable
              variant="plain"
              className="dns-table"
              caption={`DNS records of ${zone}`}
              rows={records}
              rowKey={(record) => record.dnsRecordId}
              rowClassName={(record) => (selected.includes(record.dnsRecordId) ? 'is-selected' : undefined)}
              empty="No DNS records yet. Your domain uses our defaults until you add some."
              emptyClassName="muted dns-empty"
              columns={[
                {
                  key: 'selected',
                  label: 'Selected',
                  hideLabel: true,
                  className: 'dns-check',
                  render: (record) => (
                    <input
                      type="checkbox"
                      aria-label={`Select ${record.type} record ${record.host}`}
                      checked={selected.includes(record.dnsRecordId)}
                      onChange={() => toggle(record.dnsRecordId)}
                    />
                  ),
                },
                { key: 'type', label: 'Type', render: (record) => <span className="dns-type">{record.type}</span> },
                { key: 'host', label: 'Host', cellClassName: 'dns-host', render: (record) => <DomainName name={record.host} /> },
                { key: 'value', label: 'Value', cellClassName: 'dns-value', render: (record) => <RecordValue record={record} /> },
                { key: 'ttl', label: 'TTL', cellClassName: 'dns-ttl', render: (record) => ttlLabel(record.ttl) },
                {
                  key: 'actions',
                  label: 'Actions',
                  hideLabel: true,
                  cellClassName: 'dns-actions',
                  render: (record) => (
                    <>
                      <button type="button" className="link-action" onClick={() => startEdit(record)}>
                        Edit
                        <span className="visually-hidden">
                          {' '}
                          {record.type} record {record.host}
                        </span>
                      </button>
                      <button type="button" className="link-action link-danger" onClick={() => startDelete(record)}>
                        Delete
                        <span className="visually-hidden">
                          {' '}
                          {record.type} record {record.host}
                        </span>
                      </button>
                    </>
                  ),
                },
              ]}
            />
          )}
          <fieldset className="dns-add">
            <legend>Add a record</legend>
            <RecordFields draft={draft} errors={errors} zone={zone} onChange={setDraft} />
          </fieldset>
        </div>
      ),
      actions: [
        { label: 'Add Record', run: () => addRecord() },
        { label: 'Close', close: true, variant: 'secondary' },
      ],
    },
    confirmEdit: {
      title: 'Edit DNS Record',
      body: (
        <div className="dns-modal">
          <RecordFields draft={editDraft} errors={editErrors} zone={zone} onChange={setEditDraft} typeFixed />
        </div>
      ),
      back: true,
      actions: [{ label: 'Save Changes', run: () => saveEdit() }],
    },
    finishEdit: {
      title: 'DNS Record Updated',
      body: (
        <>
          {summary}
          <p>{propagation}</p>
        </>
      ),
      actions: [{ label: 'Done', go: 'manageDnsRecords' }],
    },
    confirmDelete: confirmView<View>({
      title: 'Delete DNS Record',
      body: (
        <>
          <p>Delete this record from {zone}?</p>
          {summary}
        </>
      ),
      confirm: 'Delete',
      variant: 'danger',
      back: true,
      run: deleteRecord,
    }),
    finishDelete: { ...finishView<View>({ title: 'DNS Record Deleted', body: <p>{propagation}</p> }), actions: [{ label: 'Done', go: 'manageDnsRecords' }] },
    confirmBulkDelete: confirmView<View>({
      title: `Delete ${selected.length === 1 ? '1 Record' : `${selected.length} Records`}`,
      body: (
        <>
          <p>Delete these records from {zone}? You can restore them from the change history.</p>
          <ul className="dns-bulk-list">
            {records
              .filter((r) => selected.includes(r.dnsRecordId))
              .map((r) => (
                <li key={r.dnsRecordId}>
                  <RecordLine record={r} />
                </li>
              ))}
          </ul>
        </>
      ),
      confirm: 'Delete',
      variant: 'danger',
      back: true,
      run: deleteSelected,
    }),
    finishBulkDelete: {
      ...finishView<View>({ title: 'DNS Records Deleted', body: <p>{propagation}</p> }),
      actions: [{ label: 'Done', go: 'manageDnsRecords' }],
    },
    ...importViews,
    ...templateViews,
    ...historyViews,
    confirmRiskyRecord: confirmView<View>({
      title: risky?.change === 'edit' ? 'Save This Change?' : 'Add This Record?',
      body: risky && (
        <WhatStops
          intro={
            <>
              {risky.change === 'edit' ? 'Saving this record' : 'Adding this record'} to <strong>{zone}</strong> changes what the domain does:
            </>
          }
          losses={risky.losses}
        />
      ),
      confirm: risky?.change === 'edit' ? 'Save Anyway' : 'Add Record Anyway',
      variant: 'danger',
      back: true,
      run: () => (risky?.change === 'edit' ? saveEdit(true) : addRecord(true)),
    }),
  };

  if (!domain) return null;
  return <SteppedModal modal={modal} views={views} />;
}
