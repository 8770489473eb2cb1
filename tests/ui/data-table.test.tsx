// @vitest-environment happy-dom
/**
 * The kit's data table: rows under typed columns, a sortable column's header button (aria-sort says the order), each
 * cell labelled with its column for the phone's cards, the empty state in place of the table, and the pager under a
 * list read a page at a time (the back office's orders and audit log: Newer and Older by a page).
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { type Column, DataTable } from '../../site/kit/DataTable.tsx';

afterEach(cleanup);

type Row = { id: number; name: string; total: number };
const rows: Row[] = [
  { id: 1, name: 'beta.com', total: 1200 },
  { id: 2, name: 'alpha.com', total: 99 },
  { id: 3, name: 'gamma.com', total: 500 },
];
const columns: Column<Row>[] = [
  { key: 'name', label: 'Domain', sort: (row) => row.name },
  { key: 'total', label: 'Total (USD)', cardLabel: 'Total', className: 'num', sort: (row) => row.total, render: (row) => `$${row.total / 100}` },
  { key: 'actions', label: 'Actions', hideLabel: true, render: (row) => <button type="button">Open {row.name}</button> },
];
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

test('rows show in the order given until a header is pressed, then by that column, and again the other way', () => {
  render(<DataTable rows={rows} rowKey={(row) => row.id} columns={columns} />);
  expect(names()).toEqual(['beta.com', 'alpha.com', 'gamma.com']);
  const domain = screen.getByRole('columnheader', { name: 'Domain' });
  expect(domain.getAttribute('aria-sort')).toBeNull();
  fireEvent.click(within(domain).getByRole('button', { name: 'Domain' }));
  expect(names()).toEqual(['alpha.com', 'beta.com', 'gamma.com']);
  expect(domain.getAttribute('aria-sort')).toBe('ascending');
  fireEvent.click(within(domain).getByRole('button', { name: 'Domain' }));
  expect(names()).toEqual(['gamma.com', 'beta.com', 'alpha.com']);
  expect(domain.getAttribute('aria-sort')).toBe('descending');
  fireEvent.click(screen.getByRole('button', { name: 'Total (USD)' }));
  expect(names()).toEqual(['alpha.com', 'gamma.com', 'beta.com']);
  expect(domain.getAttribute('aria-sort')).toBeNull();
  expect(screen.getByRole('columnheader', { name: 'Total (USD)' }).getAttribute('aria-sort')).toBe('ascending');
});

test('a column without a sort has no button; each cell carries its column label for the phone, an unlabelled column none', () => {
  render(<DataTable rows={rows} rowKey={(row) => row.id} columns={columns} />);
  expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull();
  const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
  expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Domain', 'Total', '']);
  expect(cells[1].className).toBe('num');
  expect(cells[2].textContent).toBe('Open beta.com');
});

test('no rows: the empty state in place of the table; with none given, the headers alone', () => {
  render(<DataTable rows={[]} rowKey={(row: Row) => row.id} columns={columns} empty="No domains match." emptyIsStatus />);
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByRole('status').textContent).toBe('No domains match.');
  cleanup();
  render(<DataTable rows={[]} rowKey={(row: Row) => row.id} columns={columns} />);
  expect(screen.getAllByRole('row')).toHaveLength(1);
});

test('row headers: the first cell of each row is its header', () => {
  render(<DataTable rows={rows} rowKey={(row) => row.id} columns={columns} rowHeaders caption="Domains" />);
  expect(screen.getByRole('rowheader', { name: 'alpha.com' }).getAttribute('data-label')).toBe('Domain');
  expect(screen.getByRole('table', { name: 'Domains' })).toBeTruthy();
});

const pagerOf = (skip: number, shown: number, onSkip: (skip: number) => void) => (
  <DataTable
    rows={rows.slice(0, 1).flatMap((row) => Array.from({ length: shown }, (_, i) => ({ ...row, id: i })))}
    rowKey={(row) => row.id}
    columns={columns}
    pager={{ skip, total: 1234, pageSize: 50, onSkip, back: 'Newer', forward: 'Older' }}
  />
);

test('the first page offers only Older, which moves on by a page', () => {
  const onSkip = vi.fn();
  render(pagerOf(0, 50, onSkip));
  expect(screen.getByRole('status').textContent).toBe('1–50 of 1,234');
  expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('button', { name: 'Older' }));
  expect(onSkip).toHaveBeenCalledWith(50);
});

test('the last page offers only Newer, which goes back a page', () => {
  const onSkip = vi.fn();
  render(pagerOf(1200, 34, onSkip));
  expect(screen.getByRole('status').textContent).toBe('1201–1234 of 1,234');
  expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
  expect(onSkip).toHaveBeenCalledWith(1150);
});

test('the plain look (the account app’s): the table’s own class and no scrolling box, its empty state a plain paragraph of the page’s own', () => {
  const { container } = render(
    <DataTable
      variant="plain"
      className="orders-table"
      rows={rows}
      rowKey={(row) => row.id}
      rowHeaders
      columns={[{ ...columns[0], cellClassName: 'orders-domains' }, columns[1]]}
    />,
  );
  const table = screen.getByRole('table');
  expect(table.className).toBe('data-table-plain has-sort orders-table');
  expect(table.parentElement).toBe(container);
  expect(screen.getByRole('columnheader', { name: 'Domain' }).className).toBe('is-sortable');
  expect(screen.getByRole('rowheader', { name: 'beta.com' }).className).toBe('orders-domains');
  cleanup();
  render(<DataTable variant="plain" rows={[]} rowKey={(row: Row) => row.id} columns={columns} empty="No DNS records yet." emptyClassName="muted dns-empty" />);
  expect(screen.getByText('No DNS records yet.').className).toBe('muted dns-empty');
  cleanup();
  render(<DataTable variant="plain" rows={[]} rowKey={(row: Row) => row.id} columns={columns} empty={null} />);
  expect(screen.queryByRole('table')).toBeNull();
});

test('a group of lines: headers for screen readers only, its rows folded away, its total in the footer, its id for the button that unfolds it', () => {
  render(
    <DataTable
      variant="plain"
      id="fees-rows"
      caption="Fees"
      hideHead
      rows={[]}
      rowKey={(row: Row) => row.id}
      columns={columns.slice(0, 2)}
      foot={
        <tr>
          <th scope="row">Total Fees</th>
          <td>$17.99</td>
        </tr>
      }
    />,
  );
  const table = screen.getByRole('table', { name: 'Fees' });
  expect(table.id).toBe('fees-rows');
  expect(table.querySelector('thead')?.className).toBe('visually-hidden');
  expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual(['Domain↕Total (USD)↕', 'Total Fees$17.99']);
  expect(screen.getByRole('rowheader', { name: 'Total Fees' })).toBeTruthy();
});
