/** A list the API answers as `{ data: rows }`: its loading and error states (Loaded), then its rows in the kit's table. */
import { DataTable, type DataTableProps } from '@kit/DataTable.tsx';
import { Loaded } from './Loaded.tsx';

export function ListTable<Row>({ data, error, ...table }: { data: { data: Row[] } | undefined; error: unknown } & Omit<DataTableProps<Row>, 'rows'>) {
  return (
    <Loaded data={data} error={error}>
      {(list) => <DataTable rows={list.data} {...table} />}
    </Loaded>
  );
}
