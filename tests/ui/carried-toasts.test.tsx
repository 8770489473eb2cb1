// @vitest-environment happy-dom
/** A note left by one page for the next (the cart's checkout notes on My Domains): shown once, until closed. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { carryToast, showCarriedToasts } from '@kit/carried-toasts.ts';
import Toasts from '@kit/Toasts.tsx';
import { $toasts } from '@kit/toasts.ts';

const note = 'The transfer of badcode-acme.com waits for a new auth code from the current registrar, so it was not charged.';

afterEach(() => {
  cleanup();
  $toasts.set([]);
  sessionStorage.clear();
});

test('a carried note shows on the next page until closed, and only once', () => {
  carryToast(note, 'info');
  // Nothing shows on the page that leaves it: it is about to navigate.
  expect($toasts.get()).toEqual([]);

  // The next page starts.
  render(<Toasts />);
  act(() => showCarriedToasts());
  const region = screen.getByRole('status');
  expect(within(region).getByText(note)).toBeTruthy();

  // A reload (or any later page) does not bring it back.
  act(() => showCarriedToasts());
  expect(within(region).getAllByText(note)).toHaveLength(1);
  fireEvent.click(within(region).getByRole('button', { name: 'Close notification' }));
  expect(within(region).queryByText(note)).toBeNull();
  act(() => showCarriedToasts());
  expect(within(region).queryByText(note)).toBeNull();
});

test('notes carried one after another all show, in order', () => {
  carryToast('First note', 'info');
  carryToast('Second note', 'warning');
  render(<Toasts />);
  act(() => showCarriedToasts());
  expect(screen.getAllByText(/note$/).map((p) => p.textContent)).toEqual(['First note', 'Second note']);
  expect(screen.getByText('Second note').closest('.toast')?.className).toContain('toast-warning');
});

test('a broken stored value shows nothing and breaks nothing', () => {
  sessionStorage.setItem('ds_carried_toasts', '{not json');
  render(<Toasts />);
  act(() => showCarriedToasts());
  expect($toasts.get()).toEqual([]);
});
