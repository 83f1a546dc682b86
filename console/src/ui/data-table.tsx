import type { ReactElement, ReactNode } from 'react';

// The console's one table: the scrolling wrapper, the accessible name, the header row and the
// body, which a dozen pages wrote out by hand. A page says what its columns are and how a row
// reads; a row with state of its own (a form, a mutation) renders its own <tr> instead.

/** One column: its header and, for rows rendered here, the cell a row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  /** The label a stacked row shows beside the cell on a phone (`stack-on-phone`); the header when it is text. */
  label?: string;
  /** The cell that names its row (`<th scope="row">`), which screen readers announce with every other cell. */
  rowHeader?: boolean;
  cell?: (row: Row) => ReactNode;
}

/** `data-*` attributes of a row: test ids and the like. */
export type RowData = Record<`data-${string}`, string | undefined>;

type Name =
  /** A caption (hidden unless `captionClass` says otherwise) names the table... */
  | { caption: ReactNode; captionClass?: string; label?: never }
  /** ...or an aria-label does, where nothing is shown. */
  | { label: string; caption?: never; captionClass?: never };

type Body<Row> =
  | { rowKey: (row: Row, index: number) => string | number; rowData?: (row: Row) => RowData; renderRow?: never }
  /** A row with state of its own renders its whole <tr> (with its key). */
  | { renderRow: (row: Row) => ReactElement; rowKey?: never; rowData?: never };

export type DataTableProps<Row> = Name &
  Body<Row> & {
    rows: readonly Row[];
    columns: readonly Column<Row>[];
    /** The table's class: `stack-on-phone` turns each row into a card on narrow screens. */
    className?: string;
    /** What the body says when there is no row (otherwise it is empty). */
    empty?: ReactNode;
  };

/** A table of rows under a header row, scrolled sideways within the page when it is wider. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, columns, className, empty } = props;
  const stacked = className?.split(' ').includes('stack-on-phone') ?? false;
  const labelOf = (column: Column<Row>) => column.label ?? (typeof column.header === 'string' ? column.header : undefined);
  const renderCells = (row: Row) =>
    columns.map((column, index) => {
      const content = column.cell?.(row);
      const label = stacked ? labelOf(column) : undefined;
      return column.rowHeader ? (
        <th key={index} scope="row" data-label={label}>
          {content}
        </th>
      ) : (
        <td key={index} data-label={label}>
          {content}
        </td>
      );
    });
  return (
    <div className="table-wrap">
      <table className={className} aria-label={props.label}>
        {props.caption !== undefined && <caption className={props.captionClass ?? 'visually-hidden'}>{props.caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty !== undefined ? (
            <tr>
              <td colSpan={columns.length} className="hint">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) =>
              props.renderRow ? (
                props.renderRow(row)
              ) : (
                <tr key={props.rowKey(row, index)} {...props.rowData?.(row)}>
                  {renderCells(row)}
                </tr>
              ),
            )
          )}
        </tbody>
      </table>
    </div>
  );
}
