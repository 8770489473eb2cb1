/**
 * The zone's change history: every change with who, through what and when (history); two points compared
 * (historyDiff, any "from" and "to", the zone before its first recorded change included); "Restore this version"
 * (confirmRestore, finishRestore), itself recorded as a change.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { formatDateTime } from '@kit/dates.ts';
import type { StepOutcome, StepViews } from '@kit/SteppedModal.tsx';
import { useState } from 'react';
import { type RecordDiff, type ZoneChange, zoneChangeSourceLabels } from '../../../../api/contract/dns/zone-history.ts';
import { useApi } from '../../swr.ts';
import { dnsChangesKey } from './api.ts';
import type { DnsView } from './dns-views.ts';
import { RecordLine } from './RecordText.tsx';

type HistoryViews = Pick<StepViews<DnsView>, 'history' | 'historyDiff' | 'confirmRestore' | 'finishRestore'>;

const at = (change: ZoneChange | null) => (change ? formatDateTime(change.at) : 'before the first recorded change');

export function DiffBody({ diff }: { diff: RecordDiff }) {
  if (diff.added.length + diff.removed.length + diff.changed.length === 0) return <p className="dns-preview-summary">The two versions are the same.</p>;
  return (
    <div className="dns-preview">
      {diff.added.length > 0 && (
        <section aria-label="Added" className="dns-preview-group is-added">
          <h3>Added</h3>
          <ul>
            {diff.added.map((record, i) => (
              <li key={i}>
                <RecordLine record={record} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {diff.changed.length > 0 && (
        <section aria-label="Changed" className="dns-preview-group is-changed">
          <h3>Changed</h3>
          <ul>
            {diff.changed.map(({ before, after }, i) => (
              <li key={i}>
                <span className="dns-before">
                  <RecordLine record={before} />
                </span>
                <span className="dns-arrow" aria-hidden="true">
                  →
                </span>
                <span className="visually-hidden"> became </span>
                <RecordLine record={after} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {diff.removed.length > 0 && (
        <section aria-label="Removed" className="dns-preview-group is-removed">
          <h3>Removed</h3>
          <ul>
            {diff.removed.map((record, i) => (
              <li key={i}>
                <RecordLine record={record} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="muted small">{diff.unchanged === 1 ? '1 record is the same in both.' : `${diff.unchanged} records are the same in both.`}</p>
    </div>
  );
}

export function useHistoryViews(
  domainId: number,
  zone: string,
  refresh: () => Promise<void>,
  run: (work: () => Promise<StepOutcome<DnsView>>) => Promise<void>,
): HistoryViews {
  const { data } = useApi(dnsChangesKey(domainId));
  const changes = data?.data ?? [];
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [diff, setDiff] = useState<RecordDiff | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const byId = (id: number | null) => changes.find((c) => c.changeId === id) ?? null;
  const latest = changes[0]?.changeId ?? null;

  async function compare(fromId: number, toId: number): Promise<StepOutcome<DnsView>> {
    const answer = await apiClient.GET('/dnsChanges/diff', { params: { query: { domainId, from: fromId, to: toId } }, toast: false });
    if (isFailure(answer)) return answer;
    setFrom(fromId);
    setTo(toId);
    setDiff(answer);
    return 'historyDiff';
  }

  /** The version before `change`: the change below it in the list, or the zone before the first recorded change. */
  const previousOf = (change: ZoneChange) => changes[changes.indexOf(change) + 1]?.changeId ?? 0;

  return {
    history: {
      title: 'Change History',
      body: (
        <div className="dns-modal">
          <p className="muted small">Every change to the records of {zone}: from this app, an API token, an import, a template, a bulk action or a restore.</p>
          {changes.length === 0 ? (
            <p className="dns-empty muted">No changes yet. Each change you make from now on is listed here.</p>
          ) : (
            <ol className="dns-history">
              {changes.map((change) => (
                <li key={change.changeId} className="dns-history-item">
                  <div className="dns-history-main">
                    <p className="dns-history-summary">{change.summary}</p>
                    <p className="dns-history-meta">
                      <time dateTime={change.at}>{at(change)}</time> · {change.actor} ·{' '}
                      <span className="dns-source-tag">{zoneChangeSourceLabels[change.source]}</span>
                      {change.changeId === latest && <span className="badge badge-success">Current</span>}
                    </p>
                  </div>
                  <div className="dns-history-actions">
                    <button type="button" className="link-action" onClick={() => void run(() => compare(previousOf(change), change.changeId))}>
                      What changed<span className="visually-hidden"> on {at(change)}</span>
                    </button>
                    {change.changeId !== latest && latest !== null && (
                      <button type="button" className="link-action" onClick={() => void run(() => compare(change.changeId, latest))}>
                        Compare with current<span className="visually-hidden">: {at(change)}</span>
                      </button>
                    )}
                    {change.changeId !== latest && (
                      <button
                        type="button"
                        className="link-action"
                        onClick={() => {
                          setTarget(change.changeId);
                          void run(() => compare(latest ?? 0, change.changeId).then((outcome) => (isFailure(outcome) ? outcome : 'confirmRestore')));
                        }}
                      >
                        Restore this version<span className="visually-hidden"> of {at(change)}</span>
                      </button>
                    )}
                  </div>
                </li>
              ))}
              <li className="dns-history-item is-origin">
                <div className="dns-history-main">
                  <p className="dns-history-summary">Before the first recorded change</p>
                </div>
                <div className="dns-history-actions">
                  <button
                    type="button"
                    className="link-action"
                    onClick={() => {
                      setTarget(0);
                      void run(() => compare(latest ?? 0, 0).then((outcome) => (isFailure(outcome) ? outcome : 'confirmRestore')));
                    }}
                  >
                    Restore this version<span className="visually-hidden"> from before the first recorded change</span>
                  </button>
                </div>
              </li>
            </ol>
          )}
        </div>
      ),
      back: true,
    },
    historyDiff: {
      title: 'Compare Versions',
      body: diff && (
        <div className="dns-modal">
          <p className="dns-compare">
            From <strong>{from === 0 ? at(null) : at(byId(from))}</strong> to <strong>{to === 0 ? at(null) : at(byId(to))}</strong>
          </p>
          <DiffBody diff={diff} />
        </div>
      ),
      back: true,
      actions:
        to !== null && to !== latest
          ? [
              {
                label: 'Restore This Version',
                run: async () => {
                  setTarget(to);
                  return compare(latest ?? 0, to).then((outcome) => (isFailure(outcome) ? outcome : ('confirmRestore' as const)));
                },
              },
            ]
          : undefined,
    },
    confirmRestore: {
      title: 'Restore This Version?',
      body: diff && (
        <div className="dns-modal">
          <p>
            The records of {zone} go back to how they were {target === 0 ? at(null) : `on ${at(byId(target))}`}. The restore is recorded too, so you can undo it
            the same way.
          </p>
          <DiffBody diff={diff} />
        </div>
      ),
      back: true,
      actions: [
        {
          label: 'Restore',
          variant: 'danger',
          run: async () => {
            const answer = await apiClient.POST('/dnsChanges/restore', { body: { domainId, changeId: target ?? 0 }, toast: false });
            if (isFailure(answer)) return answer;
            await refresh();
            return 'finishRestore' as const;
          },
        },
      ],
    },
    finishRestore: {
      title: 'Version Restored',
      body: <p>The records are as they were. Changes reach our nameservers at once; other networks may keep the old answer for 4 to 6 hours.</p>,
      actions: [{ label: 'Done', go: 'history' }],
    },
  };
}
