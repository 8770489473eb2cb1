// @vitest-environment happy-dom
/**
 * The kit's toasts: they stay until closed, errors are alerts, the timed ones go on time; at most three show, the
 * older ones folded behind "+N more" with "Dismiss all"; a toast repeating the newest replaces it. Where the stack
 * sits (above a dialog, clear of buttons) needs a real layout: tests/e2e/platform/toasts.spec.ts.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import Toasts from '@kit/Toasts.tsx';
import { $toasts, dismissAllToasts, showToast } from '@kit/toasts.ts';

afterEach(() => {
  cleanup();
  dismissAllToasts();
  vi.useRealTimers();
});

const texts = () => [...document.querySelectorAll('.toast p')].map((p) => p.textContent);

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

test('at most three show: the older ones fold into "+N more", which unfolds them, and "Dismiss all" closes every one', () => {
  render(<Toasts />);
  act(() => {
    for (let i = 1; i <= 9; i++) showToast(`Record ${i} added`, 'success');
  });
  expect(texts()).toEqual(['Record 7 added', 'Record 8 added', 'Record 9 added']);
  fireEvent.click(screen.getByRole('button', { name: '+6 more' }));
  expect(texts()).toHaveLength(9);
  fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
  expect(texts()).toHaveLength(3);
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
  expect(texts()).toEqual([]);
  expect($toasts.get()).toEqual([]);
  expect(screen.queryByRole('button', { name: 'Dismiss all' })).toBeNull();
});

test('a toast repeating the newest one replaces it and counts the repeats; the same words after another toast are a new toast', () => {
  render(<Toasts />);
  act(() => {
    for (let i = 0; i < 9; i++) showToast('Record added', 'success');
  });
  expect(texts()).toEqual(['Record added ×9 (9 times)']);
  expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  act(() => {
    showToast('Record added', 'error');
    showToast('Record added', 'success');
  });
  expect(texts()).toEqual(['Record added ×9 (9 times)', 'Record added', 'Record added']);
});

test('a repeated timed toast runs its time again from the repeat', () => {
  vi.useFakeTimers();
  render(<Toasts />);
  act(() => {
    showToast('Copied!', 'success', { durationMs: 3000 });
  });
  act(() => vi.advanceTimersByTime(2000));
  act(() => {
    showToast('Copied!', 'success', { durationMs: 3000 });
  });
  act(() => vi.advanceTimersByTime(2000));
  expect(texts()).toEqual(['Copied! ×2 (2 times)']);
  act(() => vi.advanceTimersByTime(1100));
  expect(texts()).toEqual([]);
});
