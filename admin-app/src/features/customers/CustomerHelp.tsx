/**
 * The help staff give a customer: the items of the page's "Help this customer" menu, as the staff member's role
 * allows, and the dialog behind each (a reason for the audit log where the action needs one).
 */
import { apiClient } from '@kit/api-client.ts';
import type { CustomerRecord } from '../../../../api/contract/support/customers.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import type { RowAction } from '../../lib/RowMenu.tsx';
import type { useStaffSession } from '../../shell/session.ts';
import { CloseAccountModal, closeBlockedReason, EditCustomerModal, ViewAsModal } from './CustomerEdit.tsx';

export type Help =
  | 'resetFactors'
  | 'revokeSessions'
  | 'resendRecovery'
  | 'resendApproval'
  | 'resendVerification'
  | { token: CustomerRecord['apiTokens'][number] }
  | 'revokeAllTokens'
  | 'edit'
  | 'viewAs'
  | 'close';

type Can = ReturnType<typeof useStaffSession>['can'];

/** The menu's items, those the role allows. */
export function helpActions(customer: CustomerRecord, can: Can, setHelp: (help: Help) => void): RowAction[] {
  return [
    ...(can('customers:edit') ? [{ label: 'Edit contacts and login email', onSelect: () => setHelp('edit') }] : []),
    ...(can('customers:view-as') ? [{ label: 'View as customer', onSelect: () => setHelp('viewAs') }] : []),
    ...(can('customers:help')
      ? [
          { label: 'Send a password reset link', onSelect: () => setHelp('resendRecovery') },
          ...(customer.pendingChanges ? [{ label: 'Resend the change approval email', onSelect: () => setHelp('resendApproval') }] : []),
          ...(customer.registrantVerification.state === 'pending'
            ? [{ label: 'Resend the verification email', onSelect: () => setHelp('resendVerification') }]
            : []),
          { label: 'Sign out everywhere', onSelect: () => setHelp('revokeSessions') },
        ]
      : []),
    ...(can('customers:reset-factors') ? [{ label: 'Reset two-step verification', onSelect: () => setHelp('resetFactors'), danger: true }] : []),
    ...(can('customers:close') && !customer.closedAt
      ? [{ label: 'Close the account', onSelect: () => setHelp('close'), danger: true, disabledReason: closeBlockedReason(customer) }]
      : []),
  ];
}

type DialogProps = {
  customer: CustomerRecord;
  name: string;
  help: Help | null;
  setHelp: (help: Help | null) => void;
  /** Says what was done, closes the dialog and reloads the customer. */
  done: (message: string) => void;
};

/** The dialog of the help chosen, if any. */
export function HelpDialogs({ customer, name, help, setHelp, done }: DialogProps) {
  const onCustomer = { params: { path: { id: customer.accountId } }, toast: false };
  return (
    <>
      {help === 'edit' && <EditCustomerModal customer={customer} open onClose={() => setHelp(null)} onDone={done} />}
      <ViewAsModal customer={customer} open={help === 'viewAs'} onClose={() => setHelp(null)} />
      <CloseAccountModal customer={customer} open={help === 'close'} onClose={() => setHelp(null)} onDone={done} />
      <ActionModal
        open={help === 'resetFactors'}
        title="Reset two-step verification"
        description={
          <>
            <p>
              Only after you checked it is really {name} asking (a call to the phone on file, an ID document). Their authenticator apps, text and email codes
              and passkeys are removed, their API tokens revoked, and they are signed out everywhere and emailed at once.
            </p>
            <p>At their next sign-in, their password gets them in only to add a new security method.</p>
          </>
        }
        reason="required"
        confirm="Reset two-step verification"
        danger
        onClose={() => setHelp(null)}
        run={(reason) => apiClient.POST('/admin/customers/{id}/resetFactors', { ...onCustomer, body: { reason } })}
        onDone={() => done(`Two-step verification reset; ${customer.email} was emailed`)}
      />
      <ActionModal
        open={help === 'revokeSessions'}
        title="Sign out everywhere"
        description={<p>Every browser signed in to this account is signed out. The customer signs in again with their password and second factor.</p>}
        reason="none"
        confirm="Sign out everywhere"
        danger
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/revokeSessions', onCustomer)}
        onDone={(answer) => done(`Signed out of ${answer.revoked} session${answer.revoked === 1 ? '' : 's'}`)}
      />
      <ActionModal
        open={help === 'resendRecovery'}
        title="Send a password reset link"
        description={<p>An email to {customer.email} with a link to choose a new password, valid for one hour. Earlier links stop working.</p>}
        reason="none"
        confirm="Send the link"
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/resendRecovery', onCustomer)}
        onDone={() => done('Password reset link sent')}
      />
      <ActionModal
        open={help === 'resendVerification'}
        title="Resend the verification email"
        description={
          <p>
            The email that verifies the registrant address goes again to{' '}
            {customer.registrantVerification.state === 'pending' ? customer.registrantVerification.email : 'the registrant'}, with a new link; the old link
            stops working. The customer’s own limits apply (3 an hour).
          </p>
        }
        reason="none"
        confirm="Resend"
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/resendVerification', onCustomer)}
        onDone={(answer) => done(answer.message)}
      />
      <ActionModal
        open={help === 'resendApproval'}
        title="Resend the change approval email"
        description={<p>The registrant change waiting for approval is emailed again to the registrant address, with a new link; the old link stops working.</p>}
        reason="none"
        confirm="Resend"
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/resendApproval', onCustomer)}
        onDone={(answer) => done(answer.message)}
      />
      <ActionModal
        open={typeof help === 'object' && help !== null}
        title={typeof help === 'object' && help ? `Revoke “${help.token.name}”` : 'Revoke the token'}
        description={<p>Scripts using this token stop working at once. The customer can create a new one.</p>}
        reason="none"
        confirm="Revoke"
        danger
        onClose={() => setHelp(null)}
        run={() =>
          apiClient.POST('/admin/customers/{id}/revokeApiTokens', {
            ...onCustomer,
            body: { apiTokenId: typeof help === 'object' && help ? help.token.apiTokenId : 0 },
          })
        }
        onDone={() => done('API token revoked')}
      />
      <ActionModal
        open={help === 'revokeAllTokens'}
        title="Revoke every API token"
        description={<p>All {customer.apiTokens.length} tokens stop working at once.</p>}
        reason="none"
        confirm="Revoke all"
        danger
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/revokeApiTokens', { ...onCustomer, body: {} })}
        onDone={() => done('API tokens revoked')}
      />
    </>
  );
}
