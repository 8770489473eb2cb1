/**
 * The state of a stepped modal as one reducer: which views were visited (the current one last), whether a call
 * runs, and the error the last call left. Pure, so the rules read in one place: a call's answer only counts in the
 * opening of the modal that made it, and nothing moves while a call runs.
 */
import type { ApiFailure } from './api.ts';

export type StepState<V extends string> = {
  /** The views visited since the modal opened, the current one last; empty while it is closed. */
  history: V[];
  pending: boolean;
  error: string | null;
  /** Counts openings and closings, so a call that outlives its opening cannot move the next one. */
  session: number;
};

/** What a view's call answers when it worked: a view to go to, `{ close: true }`, or nothing (stay). */
export type StepSuccess<V extends string> = V | { close: true } | undefined;
/** …or an ApiFailure: the modal stays on the view and shows its message. */
export type StepOutcome<V extends string> = StepSuccess<V> | ApiFailure;

export type StepEvent<V extends string> =
  | { type: 'open'; view: V }
  | { type: 'go'; view: V }
  | { type: 'back' }
  | { type: 'close' }
  | { type: 'start'; session: number }
  | { type: 'fail'; session: number; message: string }
  | { type: 'succeed'; session: number; outcome: StepSuccess<V> };

export function closedState<V extends string>(): StepState<V> {
  return { history: [], pending: false, error: null, session: 0 };
}

/** Going to a view already in the history returns to it (Edit back to a form), so Go Back never loops. */
function goTo<V extends string>(history: V[], view: V): V[] {
  const seen = history.indexOf(view);
  return seen === -1 ? [...history, view] : history.slice(0, seen + 1);
}

export function stepReducer<V extends string>(state: StepState<V>, event: StepEvent<V>): StepState<V> {
  switch (event.type) {
    case 'open':
      return { history: [event.view], pending: false, error: null, session: state.session + 1 };
    case 'close':
      return state.history.length === 0 ? state : { history: [], pending: false, error: null, session: state.session + 1 };
    case 'go':
      if (state.pending || state.history.length === 0) return state;
      return { ...state, history: goTo(state.history, event.view), error: null };
    case 'back':
      if (state.pending || state.history.length < 2) return state;
      return { ...state, history: state.history.slice(0, -1), error: null };
    case 'start':
      if (event.session !== state.session || state.history.length === 0) return state;
      return { ...state, pending: true, error: null };
    case 'fail':
      if (event.session !== state.session) return state;
      return { ...state, pending: false, error: event.message };
    case 'succeed': {
      if (event.session !== state.session) return state;
      const { outcome } = event;
      if (typeof outcome === 'object' && outcome?.close) return { history: [], pending: false, error: null, session: state.session + 1 };
      if (typeof outcome === 'string') return { ...state, pending: false, error: null, history: goTo(state.history, outcome) };
      return { ...state, pending: false };
    }
  }
}
