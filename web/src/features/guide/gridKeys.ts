// Keyboard moves of the guide grid (roving tabindex): arrows between programmes,
// Home/End along a row, PageUp/PageDown by a screen of channels. Pure, so the rules are
// tested without a DOM.
import { entriesIn, entryAt, type Timed } from './timeline';

export interface FocusKey {
  row: number;
  id: number;
}

export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

interface Entry extends Timed {
  id: number;
}

export interface GridModel {
  /** Programmes of every row, sorted by start. */
  rows: ReadonlyArray<readonly Entry[]>;
  day: number;
  dayEnd: number;
  /** Rows per PageUp/PageDown. */
  pageRows: number;
  /** Left edge of the visible time area: a vertical move lands at or after it. */
  viewFrom: number;
}

export function moveFocus(key: GridKey, at: FocusKey, m: GridModel): FocusKey | null {
  const inDay = (row: number) => entriesIn(m.rows[row] ?? [], m.day, m.dayEnd);
  const here = inDay(at.row);
  const i = here.findIndex((e) => e.id === at.id);
  switch (key) {
    case 'ArrowLeft':
      return i > 0 ? { row: at.row, id: here[i - 1]!.id } : null;
    case 'ArrowRight':
      return i >= 0 && i < here.length - 1 ? { row: at.row, id: here[i + 1]!.id } : null;
    case 'Home':
      return here.length ? { row: at.row, id: here[0]!.id } : null;
    case 'End':
      return here.length ? { row: at.row, id: here[here.length - 1]!.id } : null;
    case 'ArrowUp':
    case 'ArrowDown':
    case 'PageUp':
    case 'PageDown': {
      const step = key === 'ArrowUp' ? -1 : key === 'ArrowDown' ? 1 : key === 'PageUp' ? -m.pageRows : m.pageRows;
      const target = Math.min(m.rows.length - 1, Math.max(0, at.row + step));
      if (target === at.row) return null;
      // The programme of the other row at the same moment: the middle of the current
      // one's visible part, so moving up and down keeps the column.
      const cur = here[i];
      const from = cur ? Math.max(cur.timestamp, m.viewFrom, m.day) : Math.max(m.viewFrom, m.day);
      const to = cur ? Math.min(cur.timestamp + cur.duration, m.dayEnd) : from + 1;
      const t = Math.floor((from + Math.max(from, to - 1)) / 2);
      // Skip rows with nothing in the day (their data may still be loading).
      for (let r = target; r >= 0 && r < m.rows.length; r += step > 0 ? 1 : -1) {
        const list = inDay(r);
        if (!list.length) continue;
        const j = entryAt(list, t);
        if (j >= 0) return { row: r, id: list[j]!.id };
        const after = list.find((e) => e.timestamp >= t);
        return { row: r, id: (after ?? list[list.length - 1]!).id };
      }
      return null;
    }
    default:
      return null;
  }
}
