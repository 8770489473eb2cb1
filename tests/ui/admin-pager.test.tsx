// @vitest-environment happy-dom
/** The back office's pager under the orders list and the audit log: where the page is, and Newer/Older by a page. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { Pager } from '../../admin-app/src/lib/Pager.tsx';

afterEach(cleanup);

test('the first page offers only Older, which moves on by a page', () => {
  const onSkip = vi.fn();
  render(<Pager skip={0} shown={50} total={1234} pageSize={50} onSkip={onSkip} />);
  expect(screen.getByRole('status').textContent).toBe('1–50 of 1,234');
  expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('button', { name: 'Older' }));
  expect(onSkip).toHaveBeenCalledWith(50);
});

test('the last page offers only Newer, which goes back a page', () => {
  const onSkip = vi.fn();
  render(<Pager skip={1200} shown={34} total={1234} pageSize={50} onSkip={onSkip} />);
  expect(screen.getByRole('status').textContent).toBe('1201–1234 of 1,234');
  expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
  expect(onSkip).toHaveBeenCalledWith(1150);
});
