import type { ReactNode } from 'react';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/*
 * Charts for the analytics pages (recharts; docs/decisions.md, "Console: moderation, analytics,
 * users"). Each chart is drawn for the eye and described for everyone else: a one-sentence
 * summary is its accessible name and is printed under it, and the numbers it draws sit in a
 * table the reader can open. recharts' keyboard layer is off: no tab stop inside an image.
 */

const ACCENT = '#2d5bd3';
const SECOND = '#1f7a4d';
const shortDate = (date: string) => date.slice(5);

interface Series<T> {
  key: keyof T & string;
  label: string;
}

/** A value per day, one line per series. */
export function DailyChart<T extends { date: string }>({ rows, series, summary, caption }: { rows: T[]; series: Series<T>[]; summary: string; caption: string }) {
  return (
    <figure className="admin-chart">
      <div className="admin-chart-canvas" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height={220}>
          <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dde1e8" />
            <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} minTickGap={16} />
            <YAxis allowDecimals={false} fontSize={12} />
            <Tooltip />
            {series.map((s, index) => (
              <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={index === 0 ? ACCENT : SECOND} strokeWidth={2} dot={rows.length <= 31} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption>{summary}</figcaption>
      <ChartData caption={caption} head={['Day', ...series.map((s) => s.label)]} rows={rows.map((row) => [row.date, ...series.map((s) => String(row[s.key] as ReactNode))])} />
    </figure>
  );
}

/** One bar per named item (queries, tools), longest first as the service orders them. */
export function BarsChart({ rows, label, summary, caption }: { rows: { name: string; value: number }[]; label: string; summary: string; caption: string }) {
  const height = Math.max(120, rows.length * 28 + 40);
  return (
    <figure className="admin-chart">
      <div className="admin-chart-canvas" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height={height}>
          <BarChart accessibilityLayer={false} data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dde1e8" horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="name" width={140} fontSize={12} tickFormatter={(name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name)} />
            <Tooltip />
            <Bar dataKey="value" name={label} fill={ACCENT} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption>{summary}</figcaption>
      <ChartData caption={caption} head={['', label]} rows={rows.map((row) => [row.name, String(row.value)])} />
    </figure>
  );
}

/** The numbers behind a chart, folded away under it (a native disclosure: keyboard and screen reader friendly). */
function ChartData({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  const columns: Column<string[]>[] = head.map((header, index) => ({ header, rowHeader: index === 0, cell: (row) => row[index] }));
  return (
    <details className="admin-chart-data">
      <summary>{caption}</summary>
      <DataTable caption={caption} columns={columns} rows={rows} rowKey={(_row, index) => index} />
    </details>
  );
}
