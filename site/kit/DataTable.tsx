/**
 * The one data table of the front ends: typed columns (`{ key, label, render?, sort? }`), a header button on each
 * sortable column (aria-sort on its header), rows that stack into labelled cards on a phone (CSS only: each cell
 * carries its column's label, data-table.css), an empty state in place of an empty table, and a pager for a list
 * read a page at a time. The app imports `@kit/data-table.css` once, before its own styles.
 *
 * Two looks: `variant="panel"` (the default, the back office's) draws the table itself, its headers on a band and its
 * rows as labelled cards on a phone; `variant="plain"` (the account app's) leaves the look to the table's own class
 * (`className`: `orders-table`, `dns-table` …), rules between rows and a phone layout of its own, and the kit sets only
 * the table's width and where its cells' content sits.
 *
 *   <DataTable rows={orders} rowKey={(o) => o.orderId} empty="No orders match." columns={[
 *     { key: 'order', label: 'Order', render: (o) => <Link …>Order #{o.orderId}</Link>, sort: (o) => o.orderId },
 *     { key: 'total', label: 'Total', className: 'num', render: (o) => formatMoney(o.total) },
 *   ]} />
 */
import { type Key, type ReactNode, useState } from 'react';

export type Column<Row> = {
  key: string;
  /** The header's words; on a phone every cell of the column shows them as its label. */
  label: string;
  /** A shorter label for the phone's cards, where the header's words are long ("Cost" for "Cost (register / renew)"). */
  cardLabel?: string;
  /** Header read by screen readers only, its cells unlabelled and across the whole card (a column of buttons). */
  hideLabel?: boolean;
  /** The cell's content; without it, the row's field of the column's key. */
  render?: (row: Row) => ReactNode;
  /** The cell names the row: its content in bold (`.cell-main`). */
  main?: boolean;
  /** A second, smaller line under the cell's content (a date under a name); nothing when it gives null, false or ''. */
  sub?: (row: Row) => ReactNode;
  /** What the column sorts by: a column with it has a sort button in its header. */
  sort?: (row: Row) => string | number | null | undefined;
  /** Classes of the header and the cells: `num` (figures, right-aligned), `actions`, `nowrap`, `mono` … */
  className?: string;
  /** Classes of the header alone (a minimum width). */
  headClassName?: string;
  /** Classes of the cells alone (a plain table's cell styles, which its header does not take). */
  cellClassName?: string;
};

/** A column of buttons: its header ("Actions") for screen readers only, its cells across the whole card on a phone. */
export function actionsColumn<Row>(render: (row: Row) => ReactNode): Column<Row> {
  return { key: 'actions', label: 'Actions', hideLabel: true, className: 'actions', render };
}

export type SortState = { key: string; direction: 'ascending' | 'descending' };

/** Where a list read a page at a time stands: "1–50 of 1,234" and the buttons to move. */
export type Paging = {
  skip: number;
  total: number;
  pageSize: number;
  onSkip: (skip: number) => void;
  /** The buttons' words; a list newest first says "Newer" and "Older". */
  back?: string;
  forward?: string;
};

export type DataTableProps<Row> = {
  /** The back office's look (`panel`, the default) or the look of the table's own class (`plain`): see above. */
  variant?: 'panel' | 'plain';
  /** Columns; `false` leaves one out (a column some screens do not show). */
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** Shown in place of the table when there are no rows (`null`: nothing at all); without it an empty table shows its headers. */
  empty?: ReactNode;
  /** The empty state is announced (a search's answer as you type). */
  emptyIsStatus?: boolean;
  /** Classes of the empty state's paragraph (a plain table's own). */
  emptyClassName?: string;
  /** A caption for screen readers, or the table's accessible name. */
  caption?: ReactNode;
  label?: string;
  pager?: Paging;
  initialSort?: SortState;
  /** Each row's first cell is its header (`<th scope="row">`). */
  rowHeaders?: boolean;
  /** The column headers for screen readers only (a list whose heading above says what each line is). */
  hideHead?: boolean;
  /** A footer under the rows: its `<tr>`s (a total). */
  foot?: ReactNode;
  /** The table's id (what a button showing and hiding its rows controls). */
  id?: string;
  /** Classes added to the table, and a row's own. */
  className?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** A row's data attributes (what a script or a test finds it by). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** The wrapper that scrolls a wide table sideways; off where the page wraps it itself, and by default for a plain table (its phone layout fits the width). */
  wrap?: boolean;
};

function compare(a: string | number | null | undefined, b: string | number | null | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

function sortRows<Row>(rows: readonly Row[], column: Column<Row> | undefined, direction: SortState['direction']): readonly Row[] {
  const by = column?.sort;
  if (!by) return rows;
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(by(a), by(b)));
}

function Pager({ skip, shown, total, pageSize, onSkip, back = 'Previous', forward = 'Next' }: Paging & { shown: number }) {
  return (
    <div className="pager">
      <span role="status">
        {skip + 1}–{skip + shown} of {total.toLocaleString('en-US')}
      </span>
      <span className="page-actions">
        <button type="button" className="btn btn-secondary btn-sm" disabled={skip === 0} onClick={() => onSkip(Math.max(0, skip - pageSize))}>
          {back}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" disabled={skip + pageSize >= total} onClick={() => onSkip(skip + pageSize)}>
          {forward}
        </button>
      </span>
    </div>
  );
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

function HeaderCell<Row>({ column, sort, onSort }: { column: Column<Row>; sort: SortState | null; onSort: (key: string) => void }) {
  const className = classes(column.className, column.headClassName);
  const label = column.hideLabel ? <span className="visually-hidden">{column.label}</span> : column.label;
  if (!column.sort)
    return (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  const direction = sort?.key === column.key ? sort.direction : undefined;
  return (
    <th scope="col" className={`${className ?? ''} is-sortable`.trim()} aria-sort={direction}>
      <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
        {label}
        <span className="sort-arrow" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

export function DataTable<Row>({
  variant = 'panel',
  columns,
  rows,
  rowKey,
  empty,
  emptyIsStatus,
  emptyClassName,
  caption,
  label,
  pager,
  initialSort,
  rowHeaders,
  hideHead,
  foot,
  id,
  className,
  rowClassName,
  rowData,
  wrap = variant === 'panel',
}: DataTableProps<Row>) {
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const shown = columns.filter((column): column is Column<Row> => column !== false);
  if (rows.length === 0 && empty === null) return null;
  if (rows.length === 0 && empty !== undefined)
    return (
      <p className={classes(variant === 'panel' && 'empty', emptyClassName)} role={emptyIsStatus ? 'status' : undefined}>
        {empty}
      </p>
    );
  const onSort = (key: string) =>
    setSort(sort?.key === key ? { key, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' } : { key, direction: 'ascending' });
  const ordered = sort
    ? sortRows(
        rows,
        shown.find((column) => column.key === sort.key),
        sort.direction,
      )
    : rows;
  const sortable = shown.some((column) => column.sort);
  const table = (
    <table id={id} className={classes(variant === 'panel' ? 'data-table' : 'data-table-plain', sortable && 'has-sort', className)} aria-label={label}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead className={hideHead ? 'visually-hidden' : undefined}>
        <tr>
          {shown.map((column) => (
            <HeaderCell key={column.key} column={column} sort={sort} onSort={onSort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {ordered.map((row, index) => (
          <tr key={rowKey(row, index)} className={rowClassName?.(row)} {...rowData?.(row)}>
            {shown.map((column, at) => {
              const value = column.render ? column.render(row) : (row as Record<string, ReactNode>)[column.key];
              const main = column.main ? <span className="cell-main">{value}</span> : value;
              const sub = column.sub?.(row);
              const content =
                sub == null || sub === false || sub === '' ? (
                  main
                ) : (
                  <>
                    {main}
                    <span className="cell-sub">{sub}</span>
                  </>
                );
              const cardLabel = column.hideLabel ? '' : (column.cardLabel ?? column.label);
              const cellClass = classes(column.className, column.cellClassName);
              return rowHeaders && at === 0 ? (
                <th key={column.key} scope="row" data-label={cardLabel} className={cellClass}>
                  {content}
                </th>
              ) : (
                <td key={column.key} data-label={cardLabel} className={cellClass}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
      {foot && <tfoot>{foot}</tfoot>}
    </table>
  );
  return (
    <>
      {wrap ? <div className="table-wrap">{table}</div> : table}
      {pager && <Pager {...pager} shown={rows.length} />}
    </>
  );
}
