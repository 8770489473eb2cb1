/**
 * Two actions on a customer's page: change their admin contact and login email at their request (they are emailed,
 * the change is audited), and view their control panel as they see it (read-only, each page audited).
 */
import { useState } from 'react';
import { api } from '@kit/api.ts';
import { TextField } from '@kit/Field.tsx';
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

export function EditCustomerModal({
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
  const start = customer.contacts.administrative ?? customer.contacts.registrant ?? emptyContact;
  const [email, setEmail] = useState(customer.email);
  const [admin, setAdmin] = useState<Contact>({ ...emptyContact, ...start });
  const adminChanged = (Object.keys(admin) as (keyof Contact)[]).some(
    (key) => (admin[key] ?? '') !== ((customer.contacts.administrative ?? emptyContact)[key] ?? ''),
  );
  const emailChanged = email.trim().toLowerCase() !== customer.email.toLowerCase();
  return (
    <ActionModal<{ message: string }>
      open={open}
      title="Edit contacts and login email"
      description={
        <p>
          Only at the customer’s request, after checking it is them. They are emailed about the change (a new login email at both the old and the new address),
          and it is recorded in the audit log and their account activity. Contacts reach the registry shortly after.
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
          <fieldset className="wide">
            <legend>Admin contact</legend>
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
        api<{ message: string }>(`/admin/customers/${customer.accountId}`, {
          method: 'PATCH',
          body: {
            ...(emailChanged ? { email: email.trim() } : {}),
            ...(adminChanged ? { whoisAdminContact: { ...admin, country: admin.country.trim().toUpperCase() } } : {}),
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
    <ActionModal<{ redirect: string }>
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
      run={(reason) => api<{ redirect: string }>(`/admin/customers/${customer.accountId}/viewAs`, { method: 'POST', body: { reason }, toast: false })}
      onDone={(answer) => window.location.assign(answer.redirect)}
    />
  );
}
