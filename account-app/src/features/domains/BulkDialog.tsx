/**
 * A bulk action on the selected domains: what will happen (and, for nameservers, the new set), then the work with its
 * progress per domain, and a summary naming each domain that failed and why. Loaded when first opened.
 */
import { TextField } from '@kit/Field.tsx';
import Modal from '@kit/Modal.tsx';
import { type FormEvent, useState } from 'react';
import { mutate } from 'swr';
import { nameserverFieldError, normaliseNameservers } from '../../../../api/contract/dns/dns.ts';
import { type Domain, domainsKey } from './api.ts';
import { type BulkAction, bulkTitles, type ItemState, runBulk } from './bulk-actions.ts';
import { DomainName } from '@kit/DomainName.tsx';
import { paths } from '../../paths.ts';

type Props = { action: BulkAction; domains: Domain[]; onClose: () => void };

const stateLabels: Record<ItemState['state'], string> = {
  waiting: 'Waiting',
  working: 'Working…',
  done: 'Done',
  unchanged: 'Already so',
  failed: 'Failed',
  stopped: 'Not sent',
};

const what: Record<BulkAction, (n: number) => string> = {
  autoRenewOn: (n) => `Turn auto-renew on for ${n} ${plural(n)}`,
  autoRenewOff: (n) => `Turn auto-renew off for ${n} ${plural(n)}`,
  lock: (n) => `Lock ${n} ${plural(n)}`,
  unlock: (n) => `Unlock ${n} ${plural(n)}`,
  nameservers: (n) => `Set nameservers for ${n} ${plural(n)}`,
};

const explanation: Record<BulkAction, string> = {
  autoRenewOn: 'Each domain renews by itself about 15 days before it expires, charged to your default card.',
  autoRenewOff: 'These domains will not renew by themselves: each expires on its date unless you renew it.',
  lock: 'Locked domains cannot be transferred to another registrar.',
  unlock: 'Unlocked domains can be transferred away with their auth code, shown in each domain’s Transfer panel.',
  nameservers:
    'Custom nameservers take over the domains’ DNS: forwarding, parking, a website or email we host for these domains stop working until the new nameservers answer for them.',
};

function plural(n: number) {
  return n === 1 ? 'domain' : 'domains';
}

const nameserverFields = 4;

export default function BulkDialog({ action, domains, onClose }: Props) {
  const [items, setItems] = useState<Record<number, ItemState> | null>(null);
  const [running, setRunning] = useState(false);
  const [reauthNeeded, setReauthNeeded] = useState(false);
  const [nsInputs, setNsInputs] = useState<string[]>(() => Array.from({ length: nameserverFields }, () => ''));
  const [useOurs, setUseOurs] = useState(false);
  const [nsErrors, setNsErrors] = useState<(string | null)[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const title = bulkTitles[action];

  async function start(event: FormEvent) {
    event.preventDefault();
    let ns: string[] = [];
    if (action === 'nameservers' && !useOurs) {
      const errors = nsInputs.map((value) => nameserverFieldError(value));
      setNsErrors(errors);
      ns = normaliseNameservers(nsInputs);
      if (errors.some(Boolean)) return;
      if (ns.length < 2) {
        setFormError('Enter at least two nameservers, or choose ours.');
        return;
      }
    }
    setFormError(null);
    setRunning(true);
    setItems(Object.fromEntries(domains.map((d) => [d.domainId, { state: 'waiting' } as ItemState])));
    const outcome = await runBulk(domains, action, ns, (domainId, item) => setItems((current) => ({ ...current, [domainId]: item })));
    setReauthNeeded(outcome.reauthNeeded);
    setRunning(false);
    await mutate(domainsKey);
  }

  const states = items ? domains.map((d) => ({ domain: d, item: items[d.domainId] ?? { state: 'waiting' as const } })) : [];
  const finished = states.filter(({ item }) => item.state !== 'waiting' && item.state !== 'working').length;
  const failed = states.filter(({ item }) => item.state === 'failed' || item.state === 'stopped');
  const succeeded = states.filter(({ item }) => item.state === 'done' || item.state === 'unchanged').length;

  return (
    <Modal open title={title} onClose={running ? () => {} : onClose} dismissible={!running} focusKey={items ? 'progress' : 'confirm'}>
      {!items ? (
        <form className="bulk-form" onSubmit={start} noValidate>
          <p>
            <strong>{what[action](domains.length)}?</strong> {explanation[action]}
          </p>
          {action === 'nameservers' && (
            <fieldset className="bulk-ns">
              <legend className="label">Nameservers</legend>
              <label className="bulk-ns-ours">
                <input type="checkbox" checked={useOurs} onChange={(event) => setUseOurs(event.target.checked)} /> Use our nameservers (DNS, forwarding and
                email hosted here)
              </label>
              {!useOurs &&
                nsInputs.map((value, i) => (
                  <TextField
                    // biome-ignore lint/suspicious/noArrayIndexKey: the fields are fixed positions
                    key={i}
                    label={`Nameserver ${i + 1}${i >= 2 ? ' (optional)' : ''}`}
                    value={value}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={i === 0 ? 'ns1.example-dns.net' : undefined}
                    error={nsErrors[i] ?? undefined}
                    onChange={(event) => setNsInputs(nsInputs.map((v, j) => (j === i ? event.target.value : v)))}
                  />
                ))}
              {formError && <p className="field-error">{formError}</p>}
            </fieldset>
          )}
          <details className="bulk-names">
            <summary>
              The {domains.length} {plural(domains.length)}
            </summary>
            <ul>
              {domains.map((d) => (
                <li key={d.domainId}>{d.domain}</li>
              ))}
            </ul>
          </details>
          <div className="step-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" data-autofocus>
              {what[action](domains.length)}
            </button>
          </div>
        </form>
      ) : (
        <div className="bulk-progress">
          <label className="bulk-progress-label" htmlFor="bulk-progress-bar">
            {running ? `Working: ${finished} of ${domains.length} done` : `Finished: ${finished} of ${domains.length}`}
          </label>
          <progress id="bulk-progress-bar" max={domains.length} value={finished} />
          <p role="status" className="bulk-summary">
            {running
              ? ''
              : failed.length === 0
                ? `All ${domains.length} ${plural(domains.length)} done.`
                : `${succeeded} done, ${failed.length} not done: ${failed.map(({ domain, item }) => `${domain.domain} (${item.message ?? 'failed'})`).join('; ')}.`}
          </p>
          {reauthNeeded && (
            <p className="field-error">
              For your security, unlocking needs a recent sign-in. <a href={paths.login.href(paths.domains.href())}>Sign in again</a>, then unlock the rest.
            </p>
          )}
          <ul className="bulk-items" aria-label="Progress per domain">
            {states.map(({ domain, item }) => (
              <li key={domain.domainId} className={`bulk-item is-${item.state}`}>
                <span className="bulk-item-name">
                  <DomainName name={domain.domain} />
                </span>
                <span className="bulk-item-state">
                  {stateLabels[item.state]}
                  {item.message ? `: ${item.message}` : ''}
                </span>
              </li>
            ))}
          </ul>
          <div className="step-actions">
            <button type="button" className="btn btn-primary" disabled={running} onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
