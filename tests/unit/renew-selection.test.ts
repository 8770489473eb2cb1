/** The renew table's select-all and protect-all rules (control-panel spec §4), as the reducer applies them. */
import { describe, expect, it } from 'vitest';
import {
  initialSelection,
  type RenewSelection,
  type RenewSelectionEvent,
  selectedDomains,
  selectionReducer,
} from '../../account-app/src/features/renewals/renew-selection.ts';

const apply = (state: RenewSelection, ...events: RenewSelectionEvent[]) => events.reduce(selectionReducer, state);
const ticks = (state: RenewSelection) => state.ids.map((id) => `${state.choices[id].renew ? 'R' : '-'}${state.choices[id].protect ? 'P' : '-'}`).join(' ');

describe('renew selection', () => {
  const start = initialSelection([1, 2, 3]);

  it('starts with nothing ticked, or the domain the modal was opened for', () => {
    expect(ticks(start)).toBe('-- -- --');
    expect(ticks(initialSelection([1, 2, 3], [2]))).toBe('-- R- --');
    expect(initialSelection([1], [1]).selectAll).toBe(true);
  });

  it('selecting all renews all and leaves protection as it was', () => {
    const state = apply(start, { type: 'protect', domainId: 2, on: true }, { type: 'selectAll', on: true });
    expect(ticks(state)).toBe('R- RP R-');
    expect(state.selectAll).toBe(true);
  });

  it('deselecting select-all clears everything, protection included', () => {
    const state = apply(start, { type: 'protectAll', on: true }, { type: 'selectAll', on: false });
    expect(ticks(state)).toBe('-- -- --');
    expect([state.selectAll, state.protectAll]).toEqual([false, false]);
    expect(selectedDomains(state)).toEqual([]);
  });

  it('protect-all also selects all', () => {
    const state = apply(start, { type: 'protectAll', on: true });
    expect(ticks(state)).toBe('RP RP RP');
    expect([state.selectAll, state.protectAll]).toEqual([true, true]);
  });

  it('unchecking one renew item clears its protection and both flags', () => {
    const state = apply(start, { type: 'protectAll', on: true }, { type: 'renew', domainId: 2, on: false });
    expect(ticks(state)).toBe('RP -- RP');
    expect([state.selectAll, state.protectAll]).toEqual([false, false]);
    expect(selectedDomains(state)).toEqual([
      { domainId: 1, protectionEnabled: true },
      { domainId: 3, protectionEnabled: true },
    ]);
  });

  it('turning protect-all off keeps the renewals; protecting one renews it too', () => {
    expect(ticks(apply(start, { type: 'protectAll', on: true }, { type: 'protectAll', on: false }))).toBe('R- R- R-');
    const one = apply(start, { type: 'protect', domainId: 3, on: true });
    expect(ticks(one)).toBe('-- -- RP');
    expect(one.protectAll).toBe(false);
  });

  it('ignores domains that cannot be renewed here', () => {
    expect(apply(start, { type: 'renew', domainId: 99, on: true })).toBe(start);
  });
});
