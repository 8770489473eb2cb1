/**
 * Deleting a name, with the registry's money rules said before anyone confirms: within the add grace period of a paid
 * registration we refund it (the registry refunds us); after it nothing comes back.
 */
import { apiClient, apiKey } from '@kit/api-client.ts';
import { Money } from '@kit/Money.tsx';
import type { DomainDeletionTerms } from '../../../../api/contract/support/domain-history.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { formatDate } from '@kit/dates.ts';
import { useApi } from '../../swr.ts';

function Terms({ terms }: { terms: DomainDeletionTerms | undefined }) {
  if (!terms) return <p role="status">Checking the registry’s rules…</p>;
  if (!terms.canDelete) return <p className="notice notice-warning">{terms.blocked}</p>;
  const graceEnded = terms.graceEndDate && new Date(terms.graceEndDate) < new Date();
  return (
    <>
      <p>
        The registry deletes the name: it leaves the owner’s account, and its website, email and DNS stop. This cannot be undone here. The owner is emailed your
        reason.
      </p>
      {terms.refund ? (
        <p className="notice">
          Within the registry’s add grace period (until {formatDate(terms.graceEndDate)}): the registry refunds its fee, so we refund the registration,{' '}
          <strong>
            <Money cents={terms.refund.amount} />
          </strong>{' '}
          (“{terms.refund.description}”), the way it was paid. A credit note is issued.
        </p>
      ) : (
        <p className="notice notice-warning">
          {graceEnded
            ? `The registry’s add grace period ended on ${formatDate(terms.graceEndDate)}: the registry gives nothing back, so nothing is refunded.`
            : 'No paid registration of this name is within the registry’s add grace period: the registry gives nothing back, so nothing is refunded.'}
        </p>
      )}
    </>
  );
}

export function DeleteDomainModal({
  domainId,
  domain,
  open,
  onClose,
  onDone,
}: {
  domainId: number;
  domain: string;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { data: terms } = useApi(open ? apiKey('/admin/domains/{id}/deletion', { params: { path: { id: domainId } } }) : null);
  return (
    <ActionModal
      open={open}
      title={`Delete ${domain}`}
      description={<Terms terms={terms} />}
      reason="required"
      confirm="Delete the domain"
      danger
      ready={terms?.canDelete === true}
      onClose={onClose}
      run={(reason) => apiClient.POST('/admin/domains/{id}/delete', { params: { path: { id: domainId } }, body: { reason }, toast: false })}
      onDone={(answer) => onDone(answer.message)}
    />
  );
}
