import type { ReactNode } from 'react';

export type TColumn<T> = { key: string; label: string; cell: (row: T) => ReactNode; isMain?: boolean };

/**
 * A table of rows. On a phone each row becomes a card, each cell labelled by its column
 * (data-label), so nothing scrolls sideways.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: TColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) =>
                c.isMain ? (
                  <th key={c.key} scope="row" data-label={c.label}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} data-label={c.label}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
