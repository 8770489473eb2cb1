/**
 * The two shapes most of the spec's views take (control-panel spec §2, §4): a confirm view (confirmAutoRenewOff,
 * confirmDelete, …) whose one action is a call, and a finish view (finishAutoRenewOff, finishDelete, …) with Done.
 */
import type { ReactNode } from 'react';
import type { StepOutcome, StepView } from './SteppedModal.tsx';

type ConfirmOptions<V extends string> = {
  title: string;
  body: ReactNode;
  /** The action's label: 'Place Order', 'Yes, Cancel Auto-Renewal', 'Delete'. */
  confirm: string;
  run: () => Promise<StepOutcome<V>>;
  variant?: 'primary' | 'spot' | 'danger';
  /** Go Back to the previous view instead of a Cancel button that closes. */
  back?: boolean;
};

export function confirmView<V extends string>({ title, body, confirm, run, variant = 'primary', back = false }: ConfirmOptions<V>): StepView<V> {
  return {
    title,
    body,
    back,
    actions: back
      ? [{ label: confirm, run, variant }]
      : [
          { label: confirm, run, variant },
          { label: 'Cancel', close: true, variant: 'secondary' },
        ],
  };
}

export function finishView<V extends string>({ title, body, done = 'Done' }: { title: string; body: ReactNode; done?: string }): StepView<V> {
  return { title, body, actions: [{ label: done, close: true }] };
}
