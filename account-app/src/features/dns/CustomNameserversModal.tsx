/**
 * Manage Custom Nameservers (control-panel spec §2 modal 5, §4 "Custom nameserver add", §5, §7): nameservers under
 * this domain with their IP addresses (glue). A new or edited one is received and reviewed for up to 48 hours before
 * it is active. Edit and delete go through the nameserver modal's views.
 */
import { DomainName } from '@kit/DomainName.tsx';
import { DateText } from '@kit/DateText.tsx';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { TextField } from '@kit/Field.tsx';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView } from '@kit/step-views.ts';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import type { RegisteredNameserver } from '../../../../api/contract/dns/dns.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { registeredNameserversKey, useRegisteredNameservers, withFieldErrors } from './api.ts';
import './dns.css';

type View =
  | 'manageCustomNameservers'
  | 'finishAddNameserver'
  | 'editNameserver'
  | 'finishEditNameserver'
  | 'confirmDeleteNameserver'
  | 'finishDeleteNameserver';
type Draft = { hostname: string; ipAddress: string };
type Errors = Partial<Record<keyof Draft, string>>;

export const reviewNote = 'Your request has been received and will be reviewed for up to 48 hours. The nameserver is not active until then.';

function check(draft: Draft): Errors {
  const errors: Errors = {};
  if (!draft.hostname.trim()) errors.hostname = 'Hostname is required';
  if (!draft.ipAddress.trim()) errors.ipAddress = 'IP address is required';
  return errors;
}

function StatusBadge({ ns }: { ns: RegisteredNameserver }) {
  return ns.status === 'active' ? <span className="badge badge-success">Active</span> : <span className="badge badge-warning">Pending review</span>;
}

function NameserverFields({ draft, errors, zone, onChange }: { draft: Draft; errors: Errors; zone: string; onChange: (d: Draft) => void }) {
  return (
    <div className="glue-fields">
      <TextField
        label="Hostname"
        value={draft.hostname}
        placeholder={`ns1.${zone}`}
        autoCapitalize="none"
        spellCheck={false}
        error={errors.hostname}
        onChange={(e) => onChange({ ...draft, hostname: e.target.value })}
      />
      <TextField
        label="IP address"
        value={draft.ipAddress}
        placeholder="203.0.113.53"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.ipAddress}
        onChange={(e) => onChange({ ...draft, ipAddress: e.target.value })}
      />
    </div>
  );
}

export default function CustomNameserversModal({ domain, onClose }: DomainModalProps) {
  const domainId = domain?.domainId ?? 0;
  const zone = domain?.domain ?? '';
  const { nameservers, isLoading } = useRegisteredNameservers(domainId);
  const [draft, setDraft] = useState<Draft>({ hostname: '', ipAddress: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [selected, setSelected] = useState<RegisteredNameserver | null>(null);
  const [editDraft, setEditDraft] = useState<Draft>({ hostname: '', ipAddress: '' });
  const [editErrors, setEditErrors] = useState<Errors>({});
  const modal = useSteppedModal<View>({ onClose });

  useEffect(() => {
    if (domain) modal.open('manageCustomNameservers');
  }, []);

  const refresh = () => mutate(registeredNameserversKey(domainId));

  async function add() {
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length) return { error: true as const, status: 400, message: 'Please correct the highlighted fields' };
    const created = await apiClient.POST('/registeredNameservers', {
      body: { domainId, hostname: draft.hostname.trim(), ipAddress: draft.ipAddress.trim() },
      toast: false,
    });
    if (isFailure(created)) {
      return withFieldErrors(created, setErrors);
    }
    setSelected(created);
    setDraft({ hostname: '', ipAddress: '' });
    await refresh();
    return 'finishAddNameserver' as const;
  }

  function startEdit(ns: RegisteredNameserver) {
    setSelected(ns);
    setEditDraft({ hostname: ns.hostname, ipAddress: ns.ipAddress });
    setEditErrors({});
    modal.go('editNameserver');
  }

  async function saveEdit() {
    if (!selected) return 'manageCustomNameservers' as const;
    const found = check(editDraft);
    setEditErrors(found);
    if (Object.keys(found).length) return { error: true as const, status: 400, message: 'Please correct the highlighted fields' };
    const updated = await apiClient.PATCH('/registeredNameservers/{id}', {
      params: { path: { id: selected.registeredNameserverId } },
      body: { id: selected.registeredNameserverId, hostname: editDraft.hostname.trim(), ipAddress: editDraft.ipAddress.trim() },
      toast: false,
    });
    if (isFailure(updated)) {
      return withFieldErrors(updated, setEditErrors);
    }
    setSelected(updated);
    await refresh();
    return 'finishEditNameserver' as const;
  }

  async function remove() {
    if (!selected) return 'manageCustomNameservers' as const;
    const answer = await apiClient.DELETE('/registeredNameservers/{id}', { params: { path: { id: selected.registeredNameserverId } }, toast: false });
    if (isFailure(answer)) return answer;
    await refresh();
    return 'finishDeleteNameserver' as const;
  }

  const backToList = { label: 'Done', go: 'manageCustomNameservers' as const };
  const views: StepViews<View> = {
    manageCustomNameservers: {
      title: 'Manage Custom Nameservers',
      body: (
        <div className="dns-modal">
          <p className="muted small">
            Run your own nameservers under <strong>{zone}</strong>, such as ns1.{zone}: we register each one with its IP address at the registry.
          </p>
          {isLoading ? (
            <p className="muted">Loading nameservers…</p>
          ) : nameservers.length === 0 ? (
            <p className="muted dns-empty">No custom nameservers yet.</p>
          ) : (
            <ul className="glue-list">
              {nameservers.map((ns) => (
                <li key={ns.registeredNameserverId}>
                  <div className="glue-name">
                    <strong>
                      <DomainName name={ns.hostname} />
                    </strong>
                    <span className="muted">{ns.ipAddress}</span>
                  </div>
                  <StatusBadge ns={ns} />
                  {ns.status === 'pending' && ns.$reviewBy && (
                    <span className="muted small glue-review">
                      Under review until <DateText value={ns.$reviewBy} />
                    </span>
                  )}
                  <span className="dns-actions">
                    <button type="button" className="link-action" onClick={() => startEdit(ns)}>
                      Edit<span className="visually-hidden"> {ns.hostname}</span>
                    </button>
                    <button
                      type="button"
                      className="link-action link-danger"
                      onClick={() => {
                        setSelected(ns);
                        modal.go('confirmDeleteNameserver');
                      }}
                    >
                      Delete<span className="visually-hidden"> {ns.hostname}</span>
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <fieldset className="dns-add">
            <legend>Add a nameserver</legend>
            <NameserverFields draft={draft} errors={errors} zone={zone} onChange={setDraft} />
          </fieldset>
        </div>
      ),
      actions: [
        { label: 'Add Nameserver', run: add },
        { label: 'Close', close: true, variant: 'secondary' },
      ],
    },
    finishAddNameserver: {
      title: 'Nameserver Request Received',
      body: (
        <>
          <p>
            <strong>{selected?.hostname}</strong> ({selected?.ipAddress})
          </p>
          <p>{reviewNote}</p>
        </>
      ),
      actions: [backToList],
    },
    editNameserver: {
      title: 'Edit Nameserver',
      body: (
        <div className="dns-modal">
          <NameserverFields draft={editDraft} errors={editErrors} zone={zone} onChange={setEditDraft} />
          <p className="muted small">A changed nameserver is reviewed again, for up to 48 hours.</p>
        </div>
      ),
      back: true,
      actions: [{ label: 'Save Changes', run: saveEdit }],
    },
    finishEditNameserver: {
      title: 'Nameserver Updated',
      body: (
        <>
          <p>
            <strong>{selected?.hostname}</strong> ({selected?.ipAddress})
          </p>
          <p>{reviewNote}</p>
        </>
      ),
      actions: [backToList],
    },
    confirmDeleteNameserver: confirmView<View>({
      title: 'Delete Nameserver',
      body: (
        <p>
          Delete <strong>{selected?.hostname}</strong>? Domains using it as a nameserver must be changed first.
        </p>
      ),
      confirm: 'Delete',
      variant: 'danger',
      back: true,
      run: remove,
    }),
    finishDeleteNameserver: {
      title: 'Nameserver Deleted',
      body: <p>{selected?.hostname} has been removed.</p>,
      actions: [backToList],
    },
  };

  if (!domain) return null;
  return <SteppedModal modal={modal} views={views} />;
}
