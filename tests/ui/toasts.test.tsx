// @vitest-environment happy-dom
/** The kit's toasts: shown bottom-left until closed, errors as alerts, the timed ones gone on time. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import Toasts from '@kit/Toasts.tsx';
import { $toasts, showToast } from '@kit/toasts.ts';

afterEach(() => {
  cleanup();
  $toasts.set([]);
  vi.useRealTimers();
});

test('a toast stays until its close button is pressed', () => {
  render(<Toasts />);
  act(() => {
    showToast('Your account preferences have been saved!', 'success');
  });
  const region = screen.getByRole('status');
  expect(within(region).getByText('Your account preferences have been saved!')).toBeTruthy();
  fireEvent.click(within(region).getByRole('button', { name: 'Close notification' }));
  expect(within(region).queryByText('Your account preferences have been saved!')).toBeNull();
});

test('an error toast is an alert; closing one toast leaves the others', () => {
  render(<Toasts />);
  act(() => {
    showToast('No domains selected', 'error');
    showToast('Copied!', 'info');
  });
  expect(screen.getByRole('alert').textContent).toContain('No domains selected');
  fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close notification' }));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText('Copied!')).toBeTruthy();
});

test('a toast with a duration (the 3-second "Copied!") goes by itself', () => {
  vi.useFakeTimers();
  render(<Toasts />);
  act(() => {
    showToast('Copied!', 'success', { durationMs: 3000 });
  });
  act(() => vi.advanceTimersByTime(2900));
  expect(screen.getByText('Copied!')).toBeTruthy();
  act(() => vi.advanceTimersByTime(200));
  expect(screen.queryByText('Copied!')).toBeNull();
});
