/**
 * What the renew table has ticked (control-panel spec §4 "Select-all rules"), as one pure reducer:
 * - selecting all renews all (every domain that has a renew price);
 * - deselecting select-all clears everything, protection included;
 * - protect-all also selects all;
 * - unchecking one renew item clears its protection and the select-all and protect-all flags.
 * Protecting one domain renews it too (protection is bought with the renewal).
 */
export type RenewChoice = { renew: boolean; protect: boolean };

export type RenewSelection = {
  /** Domains that can be renewed here (those with a renew price), in table order. */
  ids: number[];
  choices: Record<number, RenewChoice>;
  selectAll: boolean;
  protectAll: boolean;
};

export type RenewSelectionEvent =
  /** The list (re)loaded: start again from it. */
  | { type: 'reset'; ids: number[]; preselected?: number[] }
  | { type: 'selectAll'; on: boolean }
  | { type: 'protectAll'; on: boolean }
  | { type: 'renew'; domainId: number; on: boolean }
  | { type: 'protect'; domainId: number; on: boolean };

const none: RenewChoice = { renew: false, protect: false };

export function initialSelection(ids: number[], preselected: number[] = []): RenewSelection {
  const choices = Object.fromEntries(ids.map((id) => [id, { renew: preselected.includes(id), protect: false }]));
  return { ids, choices, selectAll: ids.length > 0 && ids.every((id) => preselected.includes(id)), protectAll: false };
}

export function selectionReducer(state: RenewSelection, event: RenewSelectionEvent): RenewSelection {
  const every = (choice: (current: RenewChoice) => RenewChoice) => Object.fromEntries(state.ids.map((id) => [id, choice(state.choices[id] ?? none)]));
  switch (event.type) {
    case 'reset':
      return initialSelection(event.ids, event.preselected);
    case 'selectAll':
      return event.on
        ? { ...state, choices: every((c) => ({ ...c, renew: true })), selectAll: true }
        : { ...state, choices: every(() => none), selectAll: false, protectAll: false };
    case 'protectAll':
      return event.on
        ? { ...state, choices: every(() => ({ renew: true, protect: true })), selectAll: true, protectAll: true }
        : { ...state, choices: every((c) => ({ ...c, protect: false })), protectAll: false };
    case 'renew': {
      if (!state.ids.includes(event.domainId)) return state;
      if (!event.on) return { ...state, choices: { ...state.choices, [event.domainId]: none }, selectAll: false, protectAll: false };
      const choices = { ...state.choices, [event.domainId]: { ...(state.choices[event.domainId] ?? none), renew: true } };
      return { ...state, choices, selectAll: state.ids.every((id) => choices[id]?.renew) };
    }
    case 'protect': {
      if (!state.ids.includes(event.domainId)) return state;
      if (!event.on)
        return { ...state, choices: { ...state.choices, [event.domainId]: { ...(state.choices[event.domainId] ?? none), protect: false } }, protectAll: false };
      const choices = { ...state.choices, [event.domainId]: { renew: true, protect: true } };
      return { ...state, choices, selectAll: state.ids.every((id) => choices[id]?.renew), protectAll: state.ids.every((id) => choices[id]?.protect) };
    }
  }
}

/** The request's domain list: the ticked ones, in table order. */
export function selectedDomains(state: RenewSelection): { domainId: number; protectionEnabled: boolean }[] {
  return state.ids.filter((id) => state.choices[id]?.renew).map((id) => ({ domainId: id, protectionEnabled: Boolean(state.choices[id]?.protect) }));
}
