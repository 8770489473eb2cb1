/**
 * The Email tab's content (control-panel spec §2 "Email tab", modal 6, §4 "Email service", §5 "Email forms", §9):
 * without the service an offer to add it; with it the remaining counts, the add-address form and the list of
 * mailboxes and forwards, each opened to change its password or destination, convert it, or delete it. Every step
 * that needs a confirmation or reports a result is a view of one stepped modal. Adding the service while the mail for
 * the domain goes elsewhere (an MX record at the root, or other nameservers) says so before the charge (issue #25).
 */
import { isFailure } from '@kit/api.ts';
import { TextField } from '@kit/Field.tsx';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { useState } from 'react';
import { planOf, planPrices } from '../../../../api/contract/carts/cart-pricing.ts';
import { mailGoesElsewhere } from '../../../../api/contract/dns/risky-changes.ts';
import {
  emailLimits,
  emailServicePrice,
  invalidEmailMessage,
  isEmailAddress,
  mailboxQuotaGigabytes,
  passwordProblem,
  passwordRequiredMessage,
  recipientRequiredMessage,
  usernameOf,
} from '../../../../api/contract/email/email-rules.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { shownPrice } from '../../../../api/contract/billing/tax.ts';
import { chargeText } from '../billing/charge-tax.ts';
import { type Domain, type DomainEmail, useAccount } from '../domains/api.ts';
import { EmailOffer } from './EmailOffer.tsx';
import { deleteEmail, type EmailCreated, refreshDomains, sendInstructions, setEmailService, updateEmail } from './api.ts';
import { AddAddressForm } from './AddAddressForm.tsx';
import { AddressRow } from './AddressRow.tsx';
import { destinationProblem } from './email-format.ts';
import { SetupQrCode } from './SetupQrCode.tsx';
import './email.css';

type EmailView =
  | 'confirmAddEmailService'
  | 'finishAddEmailService'
  | 'confirmRemoveEmailService'
  | 'finishRemoveEmailService'
  | 'confirmConvertToForward'
  | 'finishConvertToForward'
  | 'confirmConvertToMailbox'
  | 'finishConvertToMailbox'
  | 'confirmDelete'
  | 'finishDelete'
  | 'finishAddMailbox'
  | 'finishAddForward'
  | 'finishSendSetupInstructions'
  | 'finishUpdatePassword'
  | 'finishUpdateDestination';

/** A failure a view shows under its fields (the stepped modal reads `message`). */
const invalid = (message: string) => ({ error: true as const, status: 0, message });

export default function EmailManager({ domain }: { domain: Domain }) {
  const modal = useSteppedModal<EmailView>();
  const [target, setTarget] = useState<DomainEmail | null>(null);
  const [created, setCreated] = useState<EmailCreated | null>(null);
  const [convertValue, setConvertValue] = useState('');
  const [convertError, setConvertError] = useState<string | null>(null);
  const [recipient, setRecipient] = useState('');
  const [recipientError, setRecipientError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [newMrc, setNewMrc] = useState(domain.mrc);
  const account = useAccount();
  const emailPrice = formatMoney(shownPrice(emailServicePrice, account?.chargeTax));

  const list = (domain.emails ?? []).filter((e) => e.status === 'active');
  const mailboxes = list.filter((e) => e.type === 'mailbox');
  const forwards = list.filter((e) => e.type === 'forward');
  const planWithEmail = planPrices[planOf({ emailEnabled: true, hostingEnabled: domain.builderEnabled })];
  const planWithoutEmail = planPrices[planOf({ emailEnabled: false, hostingEnabled: domain.builderEnabled })];
  const address = target?.address ?? '';
  const elsewhere = domain.emailEnabled ? null : mailGoesElsewhere(domain);

  function open(view: EmailView, email: DomainEmail | null = null) {
    setTarget(email);
    setConvertValue('');
    setConvertError(null);
    modal.open(view);
  }

  function openAdded(email: EmailCreated) {
    setCreated(email);
    setTarget(email);
    setRecipient('');
    setRecipientError(null);
    modal.open(email.type === 'mailbox' ? 'finishAddMailbox' : 'finishAddForward');
  }

  function openChanged(view: 'finishUpdatePassword' | 'finishUpdateDestination', email: DomainEmail) {
    setTarget(email);
    modal.open(view);
  }

  const views: StepViews<EmailView> = {
    confirmAddEmailService: confirmView<EmailView>({
      title: 'Add Email Service',
      body: (
        <>
          <p>
            Professional email at <strong>{domain.domain}</strong>: up to {emailLimits.mailbox} mailboxes with {mailboxQuotaGigabytes} GB each, and up to{' '}
            {emailLimits.forward} forwards.
          </p>
          <dl className="email-price">
            <div>
              <dt>Email service</dt>
              <dd>{emailPrice}/mo</dd>
            </div>
            {planWithEmail !== emailServicePrice && (
              <div>
                <dt>New monthly price with the Website Builder</dt>
                <dd>{formatMoney(shownPrice(planWithEmail, account?.chargeTax))}/mo</dd>
              </div>
            )}
            <div>
              <dt>Charged today to your default card</dt>
              <dd>{chargeText(Math.max(0, planWithEmail - domain.mrc), account)}</dd>
            </div>
          </dl>
          {elsewhere && (
            <div className="email-warning" role="note">
              {'mx' in elsewhere ? (
                <p>
                  Mail for {domain.domain} goes to <strong>{elsewhere.mx.join(', ')}</strong> (the MX {elsewhere.mx.length === 1 ? 'record' : 'records'} at the
                  root): your mailboxes here would receive nothing until you delete {elsewhere.mx.length === 1 ? 'it' : 'them'} under Manage DNS Records, and
                  then mail stops reaching {elsewhere.mx.length === 1 ? 'that server' : 'those servers'}.
                </p>
              ) : (
                <p>
                  {domain.domain} uses other nameservers ({elsewhere.nameservers.join(', ').toLowerCase()}): your mailboxes here receive nothing until your DNS
                  provider points the domain's MX record at our mail server.
                </p>
              )}
            </div>
          )}
        </>
      ),
      confirm: elsewhere ? 'Add Email Service Anyway' : 'Add Email Service',
      variant: 'spot',
      run: async () => {
        const answer = await setEmailService(domain.domainId, true);
        if (isFailure(answer)) return answer;
        await refreshDomains();
        return 'finishAddEmailService';
      },
    }),
    finishAddEmailService: finishView<EmailView>({
      title: 'Email Service Added',
      body: <p>Email is ready on {domain.domain}. Add your first mailbox or forward in the Email tab.</p>,
    }),
    confirmRemoveEmailService: confirmView<EmailView>({
      title: 'Remove Email Service',
      body: (
        <div className="email-warning" role="note">
          <p>
            Removing the email service from <strong>{domain.domain}</strong> deletes every mailbox with all its messages and folders, and stops every forward.
            This cannot be undone.
          </p>
          {list.length > 0 && <p>Deleted with it: {list.map((e) => e.address).join(', ')}.</p>}
        </div>
      ),
      confirm: 'Remove Email Service',
      variant: 'danger',
      run: async () => {
        const answer = await setEmailService(domain.domainId, false);
        if (isFailure(answer)) return answer;
        setNewMrc(answer.mrc);
        await refreshDomains();
        return 'finishRemoveEmailService';
      },
    }),
    finishRemoveEmailService: finishView<EmailView>({
      title: 'Email Service Removed',
      body: (
        <p>
          Email is no longer on {domain.domain}. Your monthly price for this domain is now {formatMoney(shownPrice(newMrc, account?.chargeTax))}.
        </p>
      ),
    }),
    confirmConvertToForward: confirmView<EmailView>({
      title: 'Convert to Forward',
      body: (
        <>
          <p className="email-warning" role="note">
            Converting <strong>{address}</strong> to a forward deletes all its messages and folders. This cannot be undone.
          </p>
          <TextField
            label="Destination email"
            type="email"
            autoComplete="email"
            value={convertValue}
            error={convertError}
            hint={`Mail to ${address} will be sent on to this address.`}
            onChange={(event) => setConvertValue(event.target.value)}
          />
        </>
      ),
      confirm: 'Convert to Forward',
      variant: 'danger',
      back: false,
      run: async () => {
        const problem = destinationProblem(convertValue);
        setConvertError(problem);
        // The field shows what is wrong; stay on the view.
        if (problem || !target) return undefined;
        const answer = await updateEmail(target.emailId, { type: 'forward', destination: convertValue.trim() });
        if (isFailure(answer)) return answer;
        setTarget(answer);
        await refreshDomains();
        return 'finishConvertToForward';
      },
    }),
    finishConvertToForward: finishView<EmailView>({
      title: 'Converted to Forward',
      body: (
        <p>
          {address} now forwards to {target?.destination}.
        </p>
      ),
    }),
    confirmConvertToMailbox: confirmView<EmailView>({
      title: 'Convert to Mailbox',
      body: (
        <>
          <p className="email-warning" role="note">
            Once <strong>{address}</strong> is a mailbox, the address no longer forwards to {target?.destination}: its mail is kept in the new mailbox.
          </p>
          <TextField
            label="Mailbox password"
            type="password"
            autoComplete="new-password"
            value={convertValue}
            error={convertError}
            hint="At least 8 characters, with letters and a digit."
            onChange={(event) => setConvertValue(event.target.value)}
          />
        </>
      ),
      confirm: 'Convert to Mailbox',
      run: async () => {
        const problem = convertValue ? passwordProblem(convertValue, usernameOf(address)) : passwordRequiredMessage;
        setConvertError(problem);
        // The field shows what is wrong; stay on the view.
        if (problem || !target) return undefined;
        const answer = await updateEmail(target.emailId, { type: 'mailbox', password: convertValue });
        if (isFailure(answer)) return answer;
        setTarget(answer);
        await refreshDomains();
        return 'finishConvertToMailbox';
      },
    }),
    finishConvertToMailbox: finishView<EmailView>({
      title: 'Converted to Mailbox',
      body: <p>{address} is now a mailbox. Sign in to it from your mail app with the new password.</p>,
    }),
    confirmDelete: confirmView<EmailView>({
      title: 'Delete Email Address',
      body: (
        <p className="email-warning" role="note">
          Delete <strong>{address}</strong>?{' '}
          {target?.type === 'mailbox' ? 'All its messages and folders are deleted. This cannot be undone.' : 'Mail to it will no longer be forwarded.'}
        </p>
      ),
      confirm: 'Delete',
      variant: 'danger',
      run: async () => {
        if (!target) return invalid('Nothing to delete');
        const answer = await deleteEmail(target.emailId);
        if (isFailure(answer)) return answer;
        await refreshDomains();
        return 'finishDelete';
      },
    }),
    finishDelete: finishView<EmailView>({ title: 'Email Address Deleted', body: <p>{address} has been deleted.</p> }),
    finishAddMailbox: {
      title: 'Get Email Help',
      body: (
        <div className="email-help">
          <p>
            <strong>{created?.address}</strong> is ready. Set it up on a phone by scanning this code; it installs the mail settings and asks for the mailbox
            password.
          </p>
          {created?.$mobileConfigUrl && (
            <>
              <SetupQrCode url={created.$mobileConfigUrl} />
              <p className="muted small email-profile-link">
                Already on your iPhone or iPad? <a href={created.$mobileConfigUrl}>Install the email settings</a>
              </p>
            </>
          )}
          <p className="muted small">Or send the set-up instructions to any email address:</p>
          <TextField
            label="Recipient email"
            type="email"
            autoComplete="email"
            value={recipient}
            error={recipientError}
            onChange={(event) => setRecipient(event.target.value)}
          />
        </div>
      ),
      actions: [
        {
          label: 'Send Instructions',
          run: async () => {
            const to = recipient.trim();
            const problem = !to ? recipientRequiredMessage : isEmailAddress(to) ? null : invalidEmailMessage;
            setRecipientError(problem);
            if (problem || !created) return undefined;
            const answer = await sendInstructions(created.emailId, to);
            if (isFailure(answer)) return answer;
            setSentTo(to);
            return 'finishSendSetupInstructions';
          },
        },
        { label: 'Done', close: true, variant: 'secondary' },
      ],
    },
    finishAddForward: finishView<EmailView>({
      title: 'Forward Added',
      body: (
        <p>
          {created?.address} now forwards to {created?.destination}.
        </p>
      ),
    }),
    finishSendSetupInstructions: finishView<EmailView>({
      title: 'Instructions Sent',
      body: (
        <p>
          We sent the set-up instructions for {created?.address} to {sentTo}.
        </p>
      ),
    }),
    finishUpdatePassword: finishView<EmailView>({
      title: 'Password Updated',
      body: <p>The password of {address} has been changed. Use the new password in your mail apps.</p>,
    }),
    finishUpdateDestination: finishView<EmailView>({
      title: 'Destination Updated',
      body: (
        <p>
          {address} now forwards to {target?.destination}.
        </p>
      ),
    }),
  };

  return (
    <div className="email-manager">
      {domain.emailEnabled ? (
        <>
          <ul className="email-counts" aria-label="Email limits">
            <li>
              <strong>{emailLimits.mailbox - mailboxes.length}</strong> of {emailLimits.mailbox} mailboxes remaining
            </li>
            <li>
              <strong>{emailLimits.forward - forwards.length}</strong> of {emailLimits.forward} forwards remaining
            </li>
          </ul>
          <AddAddressForm
            domain={domain}
            remaining={{ mailbox: emailLimits.mailbox - mailboxes.length, forward: emailLimits.forward - forwards.length }}
            onAdded={openAdded}
          />
          {list.length > 0 ? (
            <ul className="email-addresses" aria-label="Mailboxes and forwards">
              {list.map((email) => (
                <AddressRow key={email.emailId} email={email} onOpen={open} onChanged={openChanged} />
              ))}
            </ul>
          ) : (
            <p className="muted">No mailboxes or forwards yet.</p>
          )}
          <div className="email-service-footer">
            <span className="muted small">Email service · {emailPrice}/mo</span>
            <button type="button" className="link-action is-danger" onClick={() => open('confirmRemoveEmailService')}>
              Remove Email Service
            </button>
          </div>
        </>
      ) : (
        <EmailOffer
          domain={domain.domain}
          price={emailPrice}
          withBuilderPrice={planWithoutEmail > 0 ? formatMoney(shownPrice(planWithEmail, account?.chargeTax)) : null}
          onAdd={() => open('confirmAddEmailService')}
        />
      )}
      <SteppedModal modal={modal} views={views} />
    </div>
  );
}
