/**
 * The stepped modal (control-panel spec §2 "Modals", §4): one modal whose content is a named view. It opens on a
 * view, moves between views, goes back through the views it came by, disables its actions while a call runs, and
 * stays on the view with the error when a call fails. Escape, an outside click and the close button close it, never
 * while a call runs; the view's title names the dialog and takes the focus on every view change (see Modal.tsx).
 *
 * Each view is a form: its first action is the submit button, so Enter in a field runs it. Call the api client with
 * `toast: false` inside a view's `run`: the view shows the failure itself.
 *
 * Usage, the renew-all flow (`confirmView` / `finishView` come from ./step-views.ts):
 *
 *   type RenewView = 'selectRenewDomains' | 'confirmRenewDomains' | 'finishRenewDomains';
 *
 *   function RenewAll() {
 *     const modal = useSteppedModal<RenewView>({ onClose: () => void mutate(domainsKey) });
 *     const [order, setOrder] = useState<RenewPreview | null>(null);
 *     const views: StepViews<RenewView> = {
 *       selectRenewDomains: {
 *         title: 'Renew My Domain',
 *         body: <RenewTable … />,
 *         actions: [{ label: 'Continue', run: async () => {
 *           const preview = await apiClient.POST('/renewals', { body: { …, commit: false }, toast: false });
 *           if (isFailure(preview)) return preview; // stays here and shows preview.message
 *           setOrder(preview);
 *           return 'confirmRenewDomains';
 *         } }],
 *       },
 *       confirmRenewDomains: confirmView({ title: 'Review Your Order', body: <Order order={order} />, back: true,
 *         confirm: 'Place Order', run: async () => { …commit: true…; return 'finishRenewDomains'; } }),
 *       finishRenewDomains: finishView({ title: 'Domains Renewed', body: <p>…</p> }),
 *     };
 *     return (
 *       <>
 *         <button type="button" className="btn btn-secondary" onClick={() => modal.open('selectRenewDomains')}>Renew</button>
 *         <SteppedModal modal={modal} views={views} />
 *       </>
 *     );
 *   }
 *
 * A view's body may be a function of the modal, to move from inside it (a menu: `modal.go('transferAway')`).
 */
import { type FormEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { genericErrorMessage, isFailure } from './api.ts';
import Modal from './Modal.tsx';
import { closedState, type StepOutcome, stepReducer } from './stepped-modal-state.ts';

export type { StepOutcome };

export type StepAction<V extends string> = {
  label: string;
  /** The first action is primary, the rest secondary, unless they say otherwise. */
  variant?: 'primary' | 'secondary' | 'spot' | 'danger';
  disabled?: boolean;
} & (
  | { /** A call: the modal is pending while it runs; its outcome says where to go. */ run: () => Promise<StepOutcome<V>> }
  | { go: V }
  | { close: true }
  | { /** A link out of the modal (Transfer IN). */ href: string }
);

export type StepView<V extends string> = {
  title: string;
  body: ReactNode | ((modal: SteppedModalHandle<V>) => ReactNode);
  actions?: StepAction<V>[];
  /** Offer Go Back to the previous view (a string renames the button). */
  back?: boolean | string;
  isError?: boolean;
};

/** Every view name must have a view: a missing or misspelt one is a type error. */
export type StepViews<V extends string> = Record<V, StepView<V>>;

export type SteppedModalHandle<V extends string> = {
  /** The current view, or null while closed. */
  view: V | null;
  pending: boolean;
  error: string | null;
  canGoBack: boolean;
  open(view: V): void;
  go(view: V): void;
  back(): void;
  close(): void;
  /** Runs a call as the view's action: once at a time, pending meanwhile, then go, close, stay or show the failure. */
  run(work: () => Promise<StepOutcome<V>>): Promise<void>;
};

export function useSteppedModal<V extends string>(options: { onClose?: () => void } = {}): SteppedModalHandle<V> {
  const [state, dispatch] = useReducer(stepReducer<V>, undefined, closedState<V>);
  const session = useRef(state.session);
  session.current = state.session;
  // Set synchronously, so a second click in the same frame finds the call already running.
  const busy = useRef(false);
  const onClose = useRef(options.onClose);
  onClose.current = options.onClose;
  const view = state.history.at(-1) ?? null;

  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && view === null) onClose.current?.();
    wasOpen.current = view !== null;
  }, [view]);

  const run = useCallback(async (work: () => Promise<StepOutcome<V>>) => {
    if (busy.current) return;
    busy.current = true;
    const opening = session.current;
    dispatch({ type: 'start', session: opening });
    try {
      const outcome = await work();
      if (isFailure(outcome)) dispatch({ type: 'fail', session: opening, message: outcome.message });
      else dispatch({ type: 'succeed', session: opening, outcome });
    } catch (error) {
      console.error(error);
      dispatch({ type: 'fail', session: opening, message: genericErrorMessage });
    } finally {
      busy.current = false;
    }
  }, []);

  return useMemo(
    () => ({
      view,
      pending: state.pending,
      error: state.error,
      canGoBack: state.history.length > 1,
      open: (next: V) => dispatch({ type: 'open', view: next }),
      go: (next: V) => dispatch({ type: 'go', view: next }),
      back: () => dispatch({ type: 'back' }),
      close: () => dispatch({ type: 'close' }),
      run,
    }),
    [view, state.pending, state.error, state.history.length, run],
  );
}

const variantClass = { primary: 'btn btn-primary', secondary: 'btn btn-secondary', spot: 'btn btn-spot', danger: 'btn btn-danger' } as const;

export function SteppedModal<V extends string>({ modal, views }: { modal: SteppedModalHandle<V>; views: StepViews<V> }) {
  const view = modal.view === null ? null : views[modal.view];
  const actions = view?.actions ?? [];
  const submitIndex = actions.findIndex((action) => !('href' in action));
  const [runningIndex, setRunningIndex] = useState<number | null>(null);
  const lastAction = useRef<HTMLButtonElement | null>(null);

  // A disabled button drops the focus; when the call failed, give it back so the user can read the error and retry.
  useEffect(() => {
    if (modal.error && (document.activeElement === document.body || document.activeElement === null)) lastAction.current?.focus();
  }, [modal.error]);

  function trigger(index: number, button: HTMLButtonElement | null) {
    const action = actions[index];
    if (!action || action.disabled || modal.pending) return;
    lastAction.current = button;
    if ('run' in action) {
      setRunningIndex(index);
      void modal.run(action.run);
    } else if ('go' in action) modal.go(action.go);
    else if ('close' in action) modal.close();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const button = event.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submitIndex !== -1) trigger(submitIndex, button);
  }

  const back = view?.back && modal.canGoBack;
  return (
    <Modal
      open={view !== null}
      title={view?.title ?? ''}
      onClose={modal.close}
      dismissible={!modal.pending}
      isError={view?.isError}
      focusKey={modal.view ?? undefined}
    >
      {view && (
        <form className="step-view" noValidate onSubmit={onSubmit} aria-busy={modal.pending}>
          <div className="step-body">{typeof view.body === 'function' ? view.body(modal) : view.body}</div>
          {modal.error && (
            <p className="step-error" role="alert">
              {modal.error}
            </p>
          )}
          {(back || actions.length > 0) && (
            <div className="step-actions">
              {back && (
                <button type="button" className="btn btn-ghost step-back" disabled={modal.pending} onClick={modal.back}>
                  {typeof view.back === 'string' ? view.back : 'Go Back'}
                </button>
              )}
              {actions.map((action, index) => {
                const className = variantClass[action.variant ?? (index === 0 ? 'primary' : 'secondary')];
                if ('href' in action) {
                  return (
                    <a key={action.label} className={className} href={action.href} target="_blank" rel="noopener noreferrer">
                      {action.label}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  );
                }
                const isRunning = modal.pending && runningIndex === index;
                return (
                  <button
                    key={action.label}
                    type={index === submitIndex ? 'submit' : 'button'}
                    className={className}
                    disabled={modal.pending || action.disabled}
                    onClick={index === submitIndex ? undefined : (event: MouseEvent<HTMLButtonElement>) => trigger(index, event.currentTarget)}
                  >
                    {isRunning && <span className="spinner" aria-hidden="true" />}
                    {action.label}
                  </button>
                );
              })}
            </div>
          )}
        </form>
      )}
    </Modal>
  );
}
