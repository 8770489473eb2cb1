/**
 * Three actions on a customer's page: change their contacts and login email at their request (they are emailed, the
 * change is audited), view their control panel as they see it (read-only, each page audited), and close the account.
 */
import { type ReactNode, useState } from 'react';
import { apiClient } from '@kit/api-client.ts';
import { Field, TextField } from '@kit/Field.tsx';
import type { Contact } from '../../../../api/contract/contact.ts';
import type { CustomerRecord } from '../../../../api/contract/support/customers.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';

const contactFields: [keyof Contact, string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['company', 'Company (optional)'],
  ['address', 'Address'],
  ['city', 'City'],
  ['state', 'State or region'],
  ['zip', 'ZIP / Postal code'],
  ['country', 'Country (two letters)'],
  ['email', 'Contact email'],
  ['phone', 'Phone (+1…)'],
];

const emptyContact: Contact = { firstName: '', lastName: '', company: '', address: '', city: '', state: '', zip: '', country: '', email: '', phone: '' };

/** The contacts staff may change at a customer's request (the registrant changes only by a move, with its transfer hold). */
const editableContacts = {
  whoisAdminContact: { label: 'Admin contact', of: (c: CustomerRecord['contacts']) => c.administrative },
  whoisTechContact: { label: 'Technical contact', of: (c: CustomerRecord['contacts']) => c.technical },
  whoisBillingContact: { label: 'Billing contact', of: (c: CustomerRecord['contacts']) => c.billing },
} as const;
type EditableContact = keyof typeof editableContacts;

export function EditCustomerModal({
  customer,
  open,
  onClose,
  onDone,
  note,
}: {
  customer: CustomerRecord;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
  /** A sentence of the page that opened it (the domain page: contacts are the account's, for all its names). */
  note?: ReactNode;
}) {
  const [which, setWhich] = useState<EditableContact>('whoisAdminContact');
  const current = editableContacts[which].of(customer.contacts);
  const startOf = (field: EditableContact) => ({ ...emptyContact, ...(editableContacts[field].of(customer.contacts) ?? customer.contacts.registrant) });
  const [email, setEmail] = useState(customer.email);
  const [admin, setAdmin] = useState<Contact>(startOf('whoisAdminContact'));
  const adminChanged = (Object.keys(admin) as (keyof Contact)[]).some((key) => (admin[key] ?? '') !== ((current ?? emptyContact)[key] ?? ''));
  const emailChanged = email.trim().toLowerCase() !== customer.email.toLowerCase();
  return (
    <ActionModal
      open={open}
      title="Edit contacts and login email"
      description={
        <p>
          Only at the customer’s request, after checking it is them. They are emailed about the change (a new login email at both the old and the new address),
          and it is recorded in the audit log and their account activity. Contacts reach the registry shortly after.
          {note && <> {note}</>}
        </p>
      }
      fields={
        <div className="form-grid">
          <TextField
            label="Login email"
            type="email"
            className="input wide"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-autofocus
          />
          <div className="wide">
            <Field label="Contact to change">
              {(control) => (
                <select
                  className="select"
                  {...control}
                  value={which}
                  onChange={(event) => {
                    const field = event.target.value as EditableContact;
                    setWhich(field);
                    setAdmin(startOf(field));
                  }}
                >
                  {(Object.keys(editableContacts) as EditableContact[]).map((field) => (
                    <option key={field} value={field}>
                      {editableContacts[field].label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <fieldset className="wide">
            <legend>{editableContacts[which].label}</legend>
            <div className="form-grid">
              {contactFields.map(([field, label]) => (
                <TextField
                  key={field}
                  label={label}
                  autoComplete="off"
                  value={admin[field] ?? ''}
                  onChange={(event) => setAdmin({ ...admin, [field]: event.target.value })}
                />
              ))}
            </div>
          </fieldset>
        </div>
      }
      reason="required"
      confirm="Save changes"
      ready={emailChanged || adminChanged}
      onClose={onClose}
      run={(reason) =>
        apiClient.PATCH('/admin/customers/{id}', {
          params: { path: { id: customer.accountId } },
          body: {
            ...(emailChanged ? { email: email.trim() } : {}),
            ...(adminChanged ? { [which]: { ...admin, country: admin.country.trim().toUpperCase() } } : {}),
            reason,
          },
          toast: false,
        })
      }
      onDone={(answer) => onDone(answer.message)}
    />
  );
}

export function ViewAsModal({ customer, open, onClose }: { customer: CustomerRecord; open: boolean; onClose: () => void }) {
  return (
    <ActionModal
      open={open}
      title="View as customer"
      description={
        <>
          <p>
            Opens {customer.email}’s control panel in this browser as they see it, for 30 minutes. It is read-only: nothing can be changed there, whatever you
            click. Each page you open is recorded in the audit log, and the customer sees in their account activity that staff looked.
          </p>
          <p>Log Out (or the banner’s End view) ends it.</p>
        </>
      }
      reason="required"
      confirm="View as customer"
      onClose={onClose}
      run={(reason) => apiClient.POST('/admin/customers/{id}/viewAs', { params: { path: { id: customer.accountId } }, body: { reason }, toast: false })}
      onDone={(answer) => window.location.assign(answer.redirect)}
    />
  );
}

/** Why the account cannot be closed yet, in the words the server answers with; undefined when it can. */
export function closeBlockedReason(customer: CustomerRecord): string | undefined {
  const n = customer.domains.length;
  if (n === 0) return undefined;
  return `It still holds ${n} domain${n === 1 ? '' : 's'}: transfer ${n === 1 ? 'it' : 'them'} out, delete or move ${n === 1 ? 'it' : 'them'} to another account first`;
}

export function CloseAccountModal({
  customer,
  open,
  onClose,
  onDone,
}: {
  customer: CustomerRecord;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  return (
    <ActionModal
      open={open}
      title={`Close ${customer.email}’s account`}
      description={
        <p>
          Only at the customer’s request. Their login stops working, every session and API token ends, and their saved cards are removed. Their orders, invoices
          and the audit log stay. They are emailed.
        </p>
      }
      reason="required"
      confirm="Close the account"
      danger
      onClose={onClose}
      run={(reason) => apiClient.POST('/admin/customers/{id}/close', { params: { path: { id: customer.accountId } }, body: { reason }, toast: false })}
      onDone={(answer) => onDone(answer.message)}
    />
  );
}
