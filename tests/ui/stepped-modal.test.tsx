// @vitest-environment happy-dom
/** The kit's stepped modal as a user meets it: named views, Go Back, one call at a time, errors kept on the view. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ApiFailure } from '@kit/api.ts';
import { type StepOutcome, SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';

type RenewView = 'selectRenewDomains' | 'confirmRenewDomains' | 'finishRenewDomains';
type Call = () => Promise<StepOutcome<RenewView>>;

function RenewAll({ preview, order, onClose }: { preview: Call; order: Call; onClose?: () => void }) {
  const modal = useSteppedModal<RenewView>({ onClose });
  const views: StepViews<RenewView> = {
    selectRenewDomains: {
      title: 'Renew My Domain',
      body: (
        <label>
          Renewal period <input defaultValue="1" />
        </label>
      ),
      actions: [{ label: 'Continue', run: preview }],
    },
    confirmRenewDomains: confirmView({ title: 'Review Your Order', body: <p>Total due today: $20.98</p>, confirm: 'Place Order', run: order, back: true }),
    finishRenewDomains: finishView({ title: 'Domains Renewed', body: <p>Your domains are renewed.</p> }),
  };
  return (
    <>
      <button type="button" onClick={() => modal.open('selectRenewDomains')}>
        Renew
      </button>
      <SteppedModal modal={modal} views={views} />
    </>
  );
}

/** A call the test answers when it chooses, counting how often it was made. */
function deferredCall() {
  let answer: (outcome: StepOutcome<RenewView>) => void = () => {};
  const call = vi.fn(
    () =>
      new Promise<StepOutcome<RenewView>>((resolve) => {
        answer = resolve;
      }),
  );
  return { call, answer: (outcome: StepOutcome<RenewView>) => act(async () => answer(outcome)) };
}

const declined: ApiFailure = { error: true, status: 402, message: 'Your card was declined' };
const dialog = () => screen.getByRole('dialog');

afterEach(cleanup);

describe('stepped modal', () => {
  test('opens on a view named by its title, goes forward, back with Go Back, and closes with Done', async () => {
    const onClose = vi.fn();
    render(<RenewAll preview={async () => 'confirmRenewDomains'} order={async () => 'finishRenewDomains'} onClose={onClose} />);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    expect(screen.getByRole('dialog', { name: 'Renew My Domain' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Renewal period' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(screen.getByRole('dialog', { name: 'Review Your Order' }).textContent).toContain('Total due today: $20.98');

    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByRole('dialog', { name: 'Renew My Domain' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place Order' })));
    expect(screen.getByRole('dialog', { name: 'Domains Renewed' }).textContent).toContain('Your domains are renewed.');
    // The order is placed: there is no way back to it.
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('each new view takes the focus on its heading, so its title is read out', async () => {
    render(<RenewAll preview={async () => 'confirmRenewDomains'} order={async () => 'finishRenewDomains'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Renew My Domain' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Review Your Order' }));
  });

  test('Place Order is disabled after one click while the call runs, and the call is made once', async () => {
    const order = deferredCall();
    render(<RenewAll preview={async () => 'confirmRenewDomains'} order={order.call} />);
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));

    const placeOrder = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
    fireEvent.click(placeOrder);
    fireEvent.click(placeOrder);
    expect(placeOrder.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Go Back' }) as HTMLButtonElement).disabled).toBe(true);
    // Nothing closes it while the order is in flight: no close button, Escape ignored.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Review Your Order' })).toBeTruthy();

    await order.answer('finishRenewDomains');
    expect(order.call).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Domains Renewed' })).toBeTruthy();
  });

  test('a failed call leaves the user on the view with the error shown in it, and the action can be tried again', async () => {
    const order = deferredCall();
    render(<RenewAll preview={async () => 'confirmRenewDomains'} order={order.call} />);
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await order.answer(declined);

    expect(screen.getByRole('dialog', { name: 'Review Your Order' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined');
    const placeOrder = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
    expect(placeOrder.disabled).toBe(false);

    fireEvent.click(placeOrder);
    expect(screen.queryByRole('alert')).toBeNull();
    await order.answer('finishRenewDomains');
    expect(screen.getByRole('dialog', { name: 'Domains Renewed' })).toBeTruthy();
  });

  test('a call that throws shows the generic error instead of a blank failure', async () => {
    render(
      <RenewAll
        preview={async () => {
          throw new TypeError('network down');
        }}
        order={async () => 'finishRenewDomains'}
      />,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(screen.getByRole('dialog', { name: 'Renew My Domain' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('An error occurred while processing your request');
  });

  test('Escape, the close button and a click outside the box close it', () => {
    render(<RenewAll preview={async () => 'confirmRenewDomains'} order={async () => 'finishRenewDomains'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    fireEvent.click(screen.getByRole('textbox', { name: 'Renewal period' }));
    expect(screen.getByRole('dialog', { name: 'Renew My Domain' })).toBeTruthy();
    fireEvent.click(dialog()); // the backdrop: the dialog element itself, outside its box
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a call that answers after the modal was closed and opened again does not move the new opening', async () => {
    const preview = deferredCall();
    render(<RenewAll preview={preview.call} order={async () => 'finishRenewDomains'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    act(() => {
      // A parent may close it programmatically even while a call runs (the page went away, a session ended).
      fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    });
    await preview.answer('confirmRenewDomains');
    expect(screen.getByRole('dialog', { name: 'Renew My Domain' })).toBeTruthy();
  });

  test('Tab from the last control wraps to the first one inside the dialog', () => {
    render(<RenewAll preview={async () => 'confirmRenewDomains'} order={async () => 'finishRenewDomains'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    continueButton.focus();
    fireEvent.keyDown(dialog(), { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog(), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(continueButton);
  });
});
