/**
 * Manage DNS Records (control-panel spec §2 modal 4, §5 "DNS add", §7 Add / Update / Delete DNS): the records with an
 * add form; Edit opens confirmEdit (the record's form) then finishEdit; Delete opens confirmDelete then finishDelete.
 */
import { api, isFailure } from '@kit/api.ts';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { showToast } from '@kit/toasts.ts';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import type { DnsFieldErrors } from '../../../../api/contract/dns/dns.ts';
import { type DnsRecord, domainsKey } from '../domains/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { dnsRecordsKey, useDnsRecords, withFieldErrors } from './api.ts';
import { checkRecord, draftOf, emptyDraft, type RecordDraft, RecordFields, recordPayload } from './RecordForm.tsx';
import './dns.css';

type View = 'manageDnsRecords' | 'confirmEdit' | 'finishEdit' | 'confirmDelete' | 'finishDelete';

const propagation = 'Changes reach our nameservers at once; other networks may keep the old answer for 4 to 6 hours.';

function RecordValue({ record }: { record: DnsRecord }) {
  const numbers = [record.priority, record.weight, record.port].filter((n) => n !== null).join(' ');
  return (
    <span className="dns-record-data">
      {numbers && <span className="muted">{numbers} </span>}
      {record.data}
    </span>
  );
}

export default function DnsRecordsModal({ domain, onClose }: DomainModalProps) {
  const domainId = domain?.domainId ?? 0;
  const zone = domain?.domain ?? '';
  const { records, isLoading } = useDnsRecords(domainId);
  const [draft, setDraft] = useState<RecordDraft>(emptyDraft);
  const [errors, setErrors] = useState<DnsFieldErrors>({});
  const [editing, setEditing] = useState<DnsRecord | null>(null);
  const [editDraft, setEditDraft] = useState<RecordDraft>(emptyDraft);
  const [editErrors, setEditErrors] = useState<DnsFieldErrors>({});
  const modal = useSteppedModal<View>({ onClose });

  useEffect(() => {
    if (domain) modal.open('manageDnsRecords');
    // Opened once, for the domain it was mounted with.
  }, []);

  async function refresh() {
    await Promise.all([mutate(dnsRecordsKey(domainId)), mutate(domainsKey)]);
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

  async function addRecord() {
    const found = checkRecord(draft, zone);
    setErrors(found);
    if (Object.keys(found).length) return { error: true as const, status: 400, message: 'Please correct the highlighted fields' };
    const created = await api<DnsRecord>('/dnsRecords', { method: 'POST', body: { domainId, type: draft.type, ...recordPayload(draft) }, toast: false });
    if (isFailure(created)) {
      return withFieldErrors(created, setErrors);
    }
    setDraft({ ...emptyDraft, type: draft.type });
    await refresh();
    showToast(`${created.type} record added`, 'success');
    return 'manageDnsRecords' as const;
  }

  async function saveEdit() {
    if (!editing) return 'manageDnsRecords' as const;
    const found = checkRecord(editDraft, zone);
    setEditErrors(found);
    if (Object.keys(found).length) return { error: true as const, status: 400, message: 'Please correct the highlighted fields' };
    const payload = recordPayload(editDraft);
    // An emptied optional field is sent as null, so the server clears it rather than keeping the old value.
    const body = { dnsRecordId: editing.dnsRecordId, host: '', ...payload };
    const updated = await api<DnsRecord>(`/dnsRecords/${editing.dnsRecordId}`, { method: 'PATCH', body, toast: false });
    if (isFailure(updated)) {
      return withFieldErrors(updated, setEditErrors);
    }
    setEditing(updated);
    await refresh();
    return 'finishEdit' as const;
  }

  async function deleteRecord() {
    if (!editing) return 'manageDnsRecords' as const;
    const answer = await api(`/dnsRecords/${editing.dnsRecordId}`, { method: 'DELETE', toast: false });
    if (isFailure(answer)) return answer;
    await refresh();
    return 'finishDelete' as const;
  }

  const summary = editing && (
    <p className="dns-record-summary">
      <span className="dns-type">{editing.type}</span> <strong>{editing.host}</strong> <RecordValue record={editing} />
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
          {isLoading ? (
            <p className="muted">Loading records…</p>
          ) : records.length === 0 ? (
            <p className="muted dns-empty">No DNS records yet. Your domain uses our defaults until you add some.</p>
          ) : (
            <table className="dns-table">
              <caption className="visually-hidden">DNS records of {zone}</caption>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Host</th>
                  <th scope="col">Value</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {records.map((record) => (
                  <tr key={record.dnsRecordId}>
                    <td>
                      <span className="dns-type">{record.type}</span>
                    </td>
                    <td className="dns-host">{record.host}</td>
                    <td>
                      <RecordValue record={record} />
                    </td>
                    <td className="dns-actions">
                      <button type="button" className="link-action" onClick={() => startEdit(record)}>
                        Edit<span className="visually-hidden"> {record.type} record {record.host}</span>
                      </button>
                      <button type="button" className="link-action link-danger" onClick={() => startDelete(record)}>
                        Delete<span className="visually-hidden"> {record.type} record {record.host}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <fieldset className="dns-add">
            <legend>Add a record</legend>
            <RecordFields draft={draft} errors={errors} zone={zone} onChange={setDraft} />
          </fieldset>
        </div>
      ),
      actions: [
        { label: 'Add Record', run: addRecord },
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
      actions: [{ label: 'Save Changes', run: saveEdit }],
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
  };

  if (!domain) return null;
  return <SteppedModal modal={modal} views={views} />;
}
