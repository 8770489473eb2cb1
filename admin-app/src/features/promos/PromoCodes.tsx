/**
 * Promo codes: what each takes off, its dates and caps, how much it was used; create one, edit one (every term until
 * its first use, then only its end date and caps), or end one now.
 */
import { actionsColumn } from '@kit/DataTable.tsx';
import { ListTable } from '../../lib/ListTable.tsx';
import { useState } from 'react';
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { Field, TextField } from '@kit/Field.tsx';
import { showToast } from '@kit/toasts.ts';
import { formatMoney, parseDollars } from '../../../../api/contract/money.ts';
import type { PromoCode } from '../../../../api/contract/promotions/promo-codes.ts';
import { formatDateTime } from '@kit/dates.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { RowMenu } from '../../lib/RowMenu.tsx';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';

const key = apiKey('/admin/promoCodes', { params: { query: { limit: 200 } } });
const statusBadges: Record<PromoCode['status'], [string, string]> = {
  active: ['badge-success', 'Active'],
  scheduled: ['badge-info', 'Scheduled'],
  expired: ['badge-danger', 'Ended'],
  usedUp: ['badge-warning', 'Used up'],
};

/** A date input's value (local midnight) as an ISO instant, or undefined when empty. */
const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).toISOString() : undefined);
const dayEnd = (value: string) => (value ? new Date(`${value}T23:59:59`).toISOString() : undefined);

/** A date input's value for an instant, in local time. */
const dateValue = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 10) : '';

function formOf(code: PromoCode | null) {
  if (!code) return { code: '', kind: 'percent', value: '', tlds: '', years: 'first', start: '', end: '', maxRedemptions: '', maxPerCustomer: '1', reason: '' };
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'percent' ? String(code.value) : (code.value / 100).toFixed(2),
    tlds: code.tlds.join(', '),
    years: code.years,
    start: dateValue(code.startDate),
    end: dateValue(code.endDate),
    maxRedemptions: code.maxRedemptions == null ? '' : String(code.maxRedemptions),
    maxPerCustomer: code.maxPerCustomer == null ? '' : String(code.maxPerCustomer),
    reason: '',
  };
}

function CodeDialog({ editing, onClose, onDone }: { editing: PromoCode | null; onClose: () => void; onDone: (code: PromoCode) => void }) {
  const [form, setForm] = useState(() => formOf(editing));
  const original = formOf(editing);
  // After its first use a code's discount is what customers were given: only the end date and caps may change.
  const locked = editing?.hasBeenUsed ?? false;
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value });
  const value = form.kind === 'percent' ? (/^\d{1,3}$/.test(form.value.trim()) ? Number(form.value) : null) : parseDollars(form.value);
  const optionalCount = (text: string) => (text.trim() === '' ? null : Number(text));

  async function save(): Promise<PromoCode | ApiFailure> {
    const changed = (name: keyof typeof form) => form[name] !== original[name];
    const terms = {
      kind: form.kind as PromoCode['kind'],
      // The dialog is not ready until the value reads as a number (or, once used, the value is not sent).
      value: value as number,
      tlds: form.tlds.split(/[\s,]+/).filter(Boolean),
      years: form.years as PromoCode['years'],
      startDate: dayStart(form.start),
    };
    const limits = {
      endDate: dayEnd(form.end) ?? null,
      maxRedemptions: optionalCount(form.maxRedemptions),
      maxPerCustomer: optionalCount(form.maxPerCustomer),
    };
    const answer = editing
      ? await apiClient.PATCH('/admin/promoCodes/{id}', {
          params: { path: { id: editing.promoCodeId } },
          body: {
            ...(locked
              ? {}
              : {
                  ...(changed('kind') ? { kind: terms.kind } : {}),
                  ...(changed('value') ? { value: terms.value } : {}),
                  ...(changed('tlds') ? { tlds: terms.tlds } : {}),
                  ...(changed('years') ? { years: terms.years } : {}),
                  ...(changed('start') ? { startDate: terms.startDate } : {}),
                }),
            ...(changed('end') ? { endDate: limits.endDate } : {}),
            ...(changed('maxRedemptions') ? { maxRedemptions: limits.maxRedemptions } : {}),
            ...(changed('maxPerCustomer') ? { maxPerCustomer: limits.maxPerCustomer } : {}),
            reason: form.reason.trim() || undefined,
          },
          toast: false,
        })
      : await apiClient.POST('/admin/promoCodes', {
          body: { code: form.code, ...terms, ...limits, reason: form.reason.trim() || undefined },
          toast: false,
        });
    // A field's own message ("A percent discount is at most 100") reads better than the API's "value: …".
    if (isFailure(answer))
      return {
        ...answer,
        message: Object.values((answer.data as { errors?: Record<string, string[]> } | undefined)?.errors ?? {}).flat()[0] ?? answer.message,
      };
    return answer;
  }

  const fields = (
    <>
      {locked && (
        <p className="notice wide">
          Customers have used this code, so its discount, extensions, years and start stay as they were given. You can change its end date and caps.
        </p>
      )}
      <TextField
        disabled={editing !== null}
        label="Code"
        hint="What customers type; letters, digits and dashes"
        value={form.code}
        onChange={set('code')}
        autoComplete="off"
        maxLength={32}
        data-autofocus
      />
      <Field label="Discount">
        {(control) => (
          <select className="select" {...control} value={form.kind} onChange={set('kind')} disabled={locked}>
            <option value="percent">Percent off</option>
            <option value="amount">Amount off</option>
          </select>
        )}
      </Field>
      <TextField
        label={form.kind === 'percent' ? 'Percent' : 'Amount (USD)'}
        hint={form.kind === 'percent' ? '1 to 100' : 'Off each discounted year, e.g. 5.00'}
        inputMode="decimal"
        disabled={locked}
        value={form.value}
        onChange={set('value')}
        autoComplete="off"
      />
      <Field label="Years">
        {(control) => (
          <select className="select" {...control} value={form.years} onChange={set('years')} disabled={locked}>
            <option value="first">First year only</option>
            <option value="every">Every year of the term</option>
          </select>
        )}
      </Field>
      <TextField
        label="Extensions"
        hint="e.g. com, net — empty for every extension"
        value={form.tlds}
        disabled={locked}
        onChange={set('tlds')}
        autoComplete="off"
        className="input wide"
      />
      <TextField label="Starts" type="date" hint="Empty: now" value={form.start} onChange={set('start')} disabled={locked} />
      <TextField label="Ends" type="date" hint="Empty: no end" value={form.end} onChange={set('end')} />
      <TextField label="Uses in all" inputMode="numeric" hint="Empty: unlimited" value={form.maxRedemptions} onChange={set('maxRedemptions')} />
      <TextField label="Uses per customer" inputMode="numeric" hint="Empty: unlimited" value={form.maxPerCustomer} onChange={set('maxPerCustomer')} />
      <TextField
        label="Reason (optional)"
        hint={editing ? 'Why it changes; kept in the audit log' : 'Why this code exists, e.g. the campaign; kept in the audit log'}
        value={form.reason}
        onChange={set('reason')}
        autoComplete="off"
        maxLength={1000}
        className="input wide"
      />
    </>
  );
  return (
    <ActionModal<PromoCode>
      open
      title={editing ? `Edit ${editing.code}` : 'New promo code'}
      formClassName="promo-form-grid"
      fields={fields}
      reason="none"
      confirm={editing ? 'Save changes' : 'Create code'}
      busyLabel={editing ? 'Saving…' : 'Creating…'}
      ready={Boolean(form.code.trim()) && (locked || value != null)}
      onClose={onClose}
      run={save}
      onDone={(answer) => {
        showToast(editing ? `${answer.code} saved: ${answer.description}` : `${answer.code} created: ${answer.description}`, 'success');
        onDone(answer);
      }}
    />
  );
}

function EndDialog({ code, onClose, onDone }: { code: PromoCode; onClose: () => void; onDone: () => void }) {
  return (
    <ActionModal
      open
      title={`End ${code.code} now?`}
      description={<p>Customers can no longer use it; orders already placed keep their discount.</p>}
      reason="optional"
      confirm="End now"
      danger
      onClose={onClose}
      run={(reason) => apiClient.POST('/admin/promoCodes/{id}/expire', { params: { path: { id: code.promoCodeId } }, body: { reason }, toast: false })}
      onDone={() => {
        showToast(`${code.code} has ended. Carts holding it show “This code has expired”.`, 'success');
        onDone();
      }}
    />
  );
}

export default function PromoCodes() {
  const { can } = useStaffSession();
  const { data, error, mutate } = useApi(key);
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<PromoCode | null>(null);
  const [editing, setEditing] = useState<PromoCode | null>(null);

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Promo codes</h1>
          <p>Codes customers type in the cart. They take a percent or an amount off registrations and transfers, never below the $0.50 card minimum.</p>
        </div>
        {can('promos:manage') && (
          <div className="page-actions">
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              New promo code
            </button>
          </div>
        )}
      </div>
      <div className="panel">
        <ListTable
          data={data}
          error={error}
          rowKey={(code) => code.promoCodeId}
          empty="No promo codes yet."
          columns={[
            {
              key: 'code',
              label: 'Code',
              sort: (code) => code.code,
              render: (code) => <span className="cell-main mono">{code.code}</span>,
              sub: (code) => code.description,
            },
            {
              key: 'status',
              label: 'Status',
              render: (code) => <span className={`badge ${statusBadges[code.status][0]}`}>{statusBadges[code.status][1]}</span>,
            },
            {
              key: 'runs',
              label: 'Runs',
              sort: (code) => code.startDate,
              render: (code) => formatDateTime(code.startDate),
              sub: (code) => <>{code.endDate ? `until ${formatDateTime(code.endDate)}` : 'no end'}</>,
            },
            {
              key: 'used',
              label: 'Used',
              sort: (code) => code.redemptions,
              render: (code) => (
                <>
                  {code.redemptions}
                  {code.maxRedemptions != null ? ` of ${code.maxRedemptions}` : ''}
                </>
              ),
              sub: (code) => <>{code.maxPerCustomer != null ? `${code.maxPerCustomer} per customer` : 'no limit per customer'}</>,
            },
            {
              key: 'discounts',
              label: 'Discounts given',
              cardLabel: 'Discounts',
              className: 'num',
              sort: (code) => code.discountTotal,
              render: (code) => formatMoney(code.discountTotal),
            },
            actionsColumn(
              (code: PromoCode) =>
                can('promos:manage') &&
                code.status !== 'expired' && (
                  <RowMenu
                    name={code.code}
                    actions={[
                      { label: code.hasBeenUsed ? 'Edit end date and caps…' : 'Edit…', onSelect: () => setEditing(code) },
                      { label: 'End now…', danger: true, onSelect: () => setEnding(code) },
                    ]}
                  />
                ),
            ),
          ]}
        />
      </div>
      {ending && (
        <EndDialog
          code={ending}
          onClose={() => setEnding(null)}
          onDone={() => {
            setEnding(null);
            void mutate();
          }}
        />
      )}
      {(creating || editing) && (
        <CodeDialog
          editing={editing}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
          onDone={() => {
            setCreating(false);
            setEditing(null);
            void mutate();
          }}
        />
      )}
    </section>
  );
}
