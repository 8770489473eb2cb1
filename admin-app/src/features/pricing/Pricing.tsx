/**
 * Pricing: per extension its wholesale cost, the rule that prices it and the retail price customers see. A rule
 * (default `*` or one extension) is previewed before it is saved, and a rule that would sell below cost is refused.
 */
import { type FormEvent, useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { showToast } from '@kit/toasts.ts';
import { formatMoney, parseDollars } from '../../../../api/contract/money.ts';
import type { PriceChange, PricingRule } from '../../../../api/contract/pricing/pricing.ts';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';
import { Loaded } from '../../lib/Loaded.tsx';

const key = apiKey('/admin/pricing');
const roundingLabels: Record<PricingRule['rounding'], string> = { none: 'no rounding', '99': 'up to .99', whole: 'up to a whole dollar' };

function describeRule(rule: PricingRule): string {
  const parts = [`${rule.marginBasisPoints / 100}%`];
  if (rule.marginFixedCents) parts.push(`+ ${formatMoney(rule.marginFixedCents)}`);
  parts.push(roundingLabels[rule.rounding]);
  if (rule.floorMarginCents) parts.push(`floor ${formatMoney(rule.floorMarginCents)}`);
  return `${rule.tld === '*' ? 'Default' : `.${rule.tld}`}: ${parts.join(', ')}`;
}

const cents = (value: number | undefined) => (value == null ? '—' : formatMoney(value));

function RuleForm({ onSaved }: { onSaved: () => void }) {
  const [form, setForm] = useState({ tld: '*', marginPercent: '25', fixed: '0', rounding: '99', floor: '1.00', reason: '' });
  const [changes, setChanges] = useState<PriceChange[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm({ ...form, [name]: event.target.value });
    setChanges(null);
    setError(null);
  };
  const body = () => ({
    tld: form.tld,
    marginPercent: Number(form.marginPercent),
    marginFixedCents: parseDollars(form.fixed) ?? 0,
    rounding: form.rounding as PricingRule['rounding'],
    floorMarginCents: parseDollars(form.floor) ?? 0,
    reason: form.reason.trim() || undefined,
  });

  async function preview(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await apiClient.POST('/admin/pricing/preview', { body: body(), toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    setChanges(answer.changes);
  }

  async function save() {
    setBusy(true);
    const answer = await apiClient.POST('/admin/pricing/rules', { body: body(), toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    showToast(`Rule saved: ${answer.changes} prices changed, ${answer.priceRises.notices} customers told of a renewal rise`, 'success');
    setChanges(null);
    onSaved();
  }

  return (
    <form className="panel pricing-form" onSubmit={preview} noValidate>
      <h2>Set a rule</h2>
      <div className="pricing-fields">
        <label>
          Extension (* for the default)
          <input name="tld" value={form.tld} onChange={set('tld')} />
        </label>
        <label>
          Margin %
          <input name="marginPercent" inputMode="decimal" value={form.marginPercent} onChange={set('marginPercent')} />
        </label>
        <label>
          Fixed margin $
          <input name="fixed" inputMode="decimal" value={form.fixed} onChange={set('fixed')} />
        </label>
        <label>
          Rounding
          <select name="rounding" value={form.rounding} onChange={set('rounding')}>
            <option value="none">No rounding</option>
            <option value="99">Up to .99</option>
            <option value="whole">Up to a whole dollar</option>
          </select>
        </label>
        <label>
          Floor margin $
          <input name="floor" inputMode="decimal" value={form.floor} onChange={set('floor')} />
        </label>
        <label>
          Reason (audit log)
          <input name="reason" value={form.reason} onChange={set('reason')} />
        </label>
      </div>
      {error && (
        <p className="notice notice-danger" role="alert">
          {error}
        </p>
      )}
      <div className="page-actions">
        <button type="submit" className="btn" disabled={busy}>
          Preview
        </button>
        <button type="button" className="btn btn-primary" disabled={busy || changes == null} onClick={() => void save()}>
          Save rule
        </button>
      </div>
      {changes && (
        <div className="pricing-preview">
          <p role="status">
            {changes.length === 0 ? 'No price changes.' : `${changes.length} prices change${changes.length > 50 ? ' (first 50 shown)' : ''}.`}
          </p>
          <DataTable
            rows={changes.slice(0, 50)}
            rowKey={(change) => `${change.tld}-${change.action}`}
            label="Preview"
            wrap={false}
            empty={null}
            columns={[
              { key: 'extension', label: 'Extension', sort: (change) => change.tld, render: (change) => `.${change.tld}` },
              { key: 'action', label: 'Action' },
              { key: 'cost', label: 'Cost', className: 'num', render: (change) => formatMoney(change.cost) },
              { key: 'now', label: 'Now', className: 'num', render: (change) => formatMoney(change.before) },
              { key: 'after', label: 'After', className: 'num', sort: (change) => change.after - change.before, render: (change) => formatMoney(change.after) },
            ]}
          />
        </div>
      )}
    </form>
  );
}

export default function Pricing() {
  const { can } = useStaffSession();
  const { data, error, mutate } = useApi(key);
  const [filter, setFilter] = useState('');
  const [syncing, setSyncing] = useState(false);

  async function sync() {
    setSyncing(true);
    const answer = await apiClient.POST('/admin/pricing/sync');
    setSyncing(false);
    if (isFailure(answer)) return;
    showToast(`Costs synced from ${answer.source}: ${answer.extensions} extensions, ${answer.changed} changes`, 'success');
    void mutate();
  }

  const wanted = filter.trim().toLowerCase().replace(/^\./, '');
  const rows = (data?.rows ?? []).filter((row) => !wanted || row.tld.startsWith(wanted)).slice(0, 100);
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Pricing</h1>
          <p>
            Retail prices are made from each extension's wholesale cost by the rules below; extensions without a cost or a rule keep the catalogue's prices. A
            renewal rise above {data?.pauseAbovePercent ?? 20}% pauses customers' auto-renew until they accept it.
          </p>
        </div>
        {can('pricing:manage') && (
          <div className="page-actions">
            <button type="button" className="btn" onClick={() => void sync()} disabled={syncing}>
              Sync costs now
            </button>
          </div>
        )}
      </div>
      {can('pricing:manage') && <RuleForm onSaved={() => void mutate()} />}
      {data && data.rules.length > 0 && (
        <ul className="panel pricing-rules" aria-label="Rules">
          {data.rules.map((rule) => (
            <li key={rule.tld}>{describeRule(rule)}</li>
          ))}
        </ul>
      )}
      <div className="panel">
        <label className="pricing-filter">
          Find an extension
          <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </label>
        <Loaded data={data} error={error}>
          {() => (
            <DataTable
              rows={rows}
              rowKey={(row) => row.tld}
              rowData={(row) => ({ 'data-tld': row.tld })}
              label="Prices"
              columns={[
                { key: 'extension', label: 'Extension', className: 'mono', sort: (row) => row.tld, render: (row) => `.${row.tld}` },
                {
                  key: 'cost',
                  label: 'Cost (register / renew)',
                  cardLabel: 'Cost',
                  className: 'num',
                  render: (row) => `${cents(row.cost.register)} / ${cents(row.cost.renew)}`,
                },
                { key: 'rule', label: 'Rule', render: (row) => (row.rule ? describeRule(row.rule) : 'Catalogue price') },
                {
                  key: 'retail',
                  label: 'Retail (register / renew)',
                  cardLabel: 'Retail',
                  className: 'num',
                  sort: (row) => row.retail.register,
                  render: (row) => `${formatMoney(row.retail.register)} / ${formatMoney(row.retail.renew)}`,
                },
              ]}
            />
          )}
        </Loaded>
      </div>
    </section>
  );
}
