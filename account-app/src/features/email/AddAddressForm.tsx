/** The Email tab's add-address form (control-panel spec §5 "Email forms"): a mailbox needs a password, a forward a destination. */
import { isFailure } from '@kit/api.ts';
import { TextField } from '@kit/Field.tsx';
import { type FormEvent, useId, useState } from 'react';
import {
  invalidUsernameMessage,
  isUsername,
  passwordProblem,
  passwordRequiredMessage,
  usernameOf,
  usernameRequiredMessage,
} from '../../../../api/contract/email/email-rules.ts';
import type { Domain } from '../domains/api.ts';
import { createEmail, type EmailCreated, refreshDomains } from './api.ts';
import { destinationProblem } from './email-format.ts';

type AddErrors = { address?: string | null; password?: string | null; destination?: string | null; form?: string | null };

export function AddAddressForm({
  domain,
  remaining,
  onAdded,
}: {
  domain: Domain;
  remaining: { mailbox: number; forward: number };
  onAdded: (email: EmailCreated) => void;
}) {
  const [type, setType] = useState<'mailbox' | 'forward'>(remaining.mailbox > 0 || remaining.forward === 0 ? 'mailbox' : 'forward');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [destination, setDestination] = useState('');
  const [errors, setErrors] = useState<AddErrors>({});
  const [pending, setPending] = useState(false);
  const typeName = useId();
  const full = remaining[type] <= 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || full) return;
    const next: AddErrors = {
      address: !username.trim() ? usernameRequiredMessage : isUsername(username) ? null : invalidUsernameMessage,
      password: type === 'mailbox' ? (password ? passwordProblem(password, usernameOf(username)) : passwordRequiredMessage) : null,
      destination: type === 'forward' ? destinationProblem(destination) : null,
    };
    setErrors(next);
    if (next.address || next.password || next.destination) return;
    setPending(true);
    const body =
      type === 'mailbox'
        ? { type, domainId: domain.domainId, address: username.trim(), password }
        : { type, domainId: domain.domainId, address: username.trim(), destination: destination.trim() };
    const answer = await createEmail(body);
    setPending(false);
    if (isFailure(answer)) {
      setErrors({ form: answer.message });
      return;
    }
    setUsername('');
    setPassword('');
    setDestination('');
    await refreshDomains();
    onAdded(answer);
  }

  return (
    <form className="email-add" noValidate onSubmit={submit} aria-label="Add an email address">
      <h3>Add an email address</h3>
      <fieldset className="email-type">
        <legend className="visually-hidden">Type</legend>
        {(['mailbox', 'forward'] as const).map((option) => (
          <label key={option} className={`email-type-option${type === option ? ' is-selected' : ''}`}>
            <input type="radio" name={typeName} value={option} checked={type === option} onChange={() => setType(option)} />
            <span>
              <strong>{option === 'mailbox' ? 'Mailbox' : 'Forward'}</strong>
              <span className="muted small">{option === 'mailbox' ? 'Keep mail here, read it in any app' : 'Send mail on to another address'}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="email-add-fields">
        <div className="email-username">
          <TextField
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            error={errors.address}
            onChange={(event) => setUsername(event.target.value)}
          />
          <span className="email-at" aria-hidden="true">
            @{domain.domain}
          </span>
        </div>
        {type === 'mailbox' ? (
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            error={errors.password}
            hint="At least 8 characters, with letters and a digit."
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : (
          <TextField
            label="Destination email"
            type="email"
            autoComplete="email"
            value={destination}
            error={errors.destination}
            onChange={(event) => setDestination(event.target.value)}
          />
        )}
      </div>
      {full && <p className="field-error">You have no {type === 'mailbox' ? 'mailboxes' : 'forwards'} left on this domain. Delete or convert one first.</p>}
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={pending || full}>
        {pending && <span className="spinner" aria-hidden="true" />}
        {type === 'mailbox' ? 'Add Mailbox' : 'Add Forward'}
      </button>
    </form>
  );
}
