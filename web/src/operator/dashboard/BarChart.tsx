import { useId } from 'react';
import local from './dashboard.module.css';

// A small hand-drawn bar chart: stacked bars per bucket, a zero line and the top value.
// The picture is described by `summary` (role="img"); the numbers are in the table the
// caller shows beside it.

const COLORS = ['#4da3ff', '#ff8a4c', '#4cd080', '#c58bff', '#f5b942', '#ff6b9a', '#5ad2d2', '#a3a8b8'];
const W = 640;
const H = 180;
const PAD = { top: 16, right: 8, bottom: 22, left: 48 };

export interface BarStack {
  key: string;
  name: string;
  values: number[];
}

export function BarChart({
  stacks,
  labels,
  summary,
  format = (n) => String(n),
}: {
  stacks: BarStack[];
  labels: string[];
  summary: string;
  format?: (n: number) => string;
}) {
  const titleId = useId();
  const n = labels.length;
  const totals = labels.map((_, i) => stacks.reduce((s, st) => s + (st.values[i] ?? 0), 0));
  const max = Math.max(0, ...totals);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = n > 0 ? innerW / n : innerW;
  const barW = Math.max(2, step * 0.7);
  const y = (v: number) => (max > 0 ? (v / max) * innerH : 0);
  // A few labels along the bottom: first, last and evenly between.
  const every = Math.max(1, Math.ceil(n / 6));
  return (
    <div className={local.chart}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} className={local.svg}>
        <title id={titleId}>{summary}</title>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className={local.axis} />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className={local.tick}>
          {format(max)}
        </text>
        <text x={PAD.left - 6} y={H - PAD.bottom} textAnchor="end" className={local.tick}>
          {format(0)}
        </text>
        {labels.map((label, i) => {
          let base = H - PAD.bottom;
          const x = PAD.left + i * step + (step - barW) / 2;
          return (
            <g key={i}>
              {stacks.map((st, k) => {
                const h = y(st.values[i] ?? 0);
                base -= h;
                return h > 0 ? <rect key={st.key} x={x} y={base} width={barW} height={h} fill={COLORS[k % COLORS.length]} rx={1} /> : null;
              })}
              {(i % every === 0 || i === n - 1) && (
                <text x={x + barW / 2} y={H - 6} textAnchor="middle" className={local.tick}>
                  {label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {stacks.length > 1 && (
        <ul className={local.legend} aria-hidden="true">
          {stacks.map((st, k) => (
            <li key={st.key}>
              <span className={local.key} style={{ background: COLORS[k % COLORS.length] }} />
              {st.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
