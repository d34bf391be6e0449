// A data table: one header row and a row per item, columns declared once so every screen's tables
// align the same way (the `.table` styles). Cells are whatever the column renders; an actions
// column keeps to the right edge at its content's width.
import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  /** Screen-reader-only header (an actions column shows no visible title). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** `actions`: right-aligned, as narrow as its content. */
  kind?: 'text' | 'actions';
}

export interface TableProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The table's accessible name. */
  label: string;
  testId?: string;
  rowTestId?: (row: Row) => string;
}

export function Table<Row>({ columns, rows, rowKey, label, testId, rowTestId }: TableProps<Row>) {
  return (
    <table className="table" aria-label={label} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.kind === 'actions' ? 'table-actions' : undefined}>
              {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
            {columns.map((column) => (
              <td key={column.key} className={column.kind === 'actions' ? 'table-actions' : undefined}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
