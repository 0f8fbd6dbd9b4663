import { VisuallyHidden } from '@mantine/core';

interface ChartTableProps {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
}

/**
 * A chart's numbers for screen readers: canvas pixels say nothing to them. Plain table
 * elements, as nobody sees them: a month of days in Mantine's Table was hundreds of styled
 * components to render on a phone (decision 041).
 */
export function ChartTable({ caption, headers, rows }: ChartTableProps) {
  return (
    // Never the browser's scroll anchor: this 1 px box sits under the canvas, which is taken out
    // while the chart waits its turn, and the page jumped by the plot's height to follow it (a tap
    // in that moment landed on another element).
    <VisuallyHidden style={{ overflowAnchor: 'none' }}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) => (
                <td key={headers[i]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
