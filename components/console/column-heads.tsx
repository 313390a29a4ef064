/** A data table's header row: one column header per label, in order (a list of labels, or labels by column). */
export function ColumnHeads({ columns }: { columns: Record<string, string> | readonly string[] }) {
  return (
    <thead>
      <tr>
        {Object.values(columns).map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
