import { Table, VisuallyHidden } from '@mantine/core';

interface ChartTableProps {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
}

/** A chart's numbers for screen readers: canvas pixels say nothing to them. */
export function ChartTable({ caption, headers, rows }: ChartTableProps) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header} scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={String(row[0])}>
              {row.map((cell, i) => (
                <Table.Td key={headers[i]}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}
