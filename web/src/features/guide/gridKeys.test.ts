import { describe, expect, it } from 'vitest';
import { moveFocus, type GridModel } from './gridKeys';

const e = (id: number, timestamp: number, duration: number) => ({ id, timestamp, duration });
const model: GridModel = {
  rows: [
    [e(1, 0, 100), e(2, 100, 100), e(3, 200, 100)],
    [e(11, 0, 150), e(12, 150, 150)],
    [],
    [e(31, 0, 300)],
  ],
  day: 0,
  dayEnd: 300,
  pageRows: 2,
  viewFrom: 0,
};

describe('grid keys', () => {
  it('moves along a row with the arrows, Home and End', () => {
    expect(moveFocus('ArrowRight', { row: 0, id: 1 }, model)).toEqual({ row: 0, id: 2 });
    expect(moveFocus('ArrowLeft', { row: 0, id: 2 }, model)).toEqual({ row: 0, id: 1 });
    expect(moveFocus('ArrowLeft', { row: 0, id: 1 }, model)).toBeNull();
    expect(moveFocus('ArrowRight', { row: 0, id: 3 }, model)).toBeNull();
    expect(moveFocus('End', { row: 0, id: 1 }, model)).toEqual({ row: 0, id: 3 });
    expect(moveFocus('Home', { row: 0, id: 3 }, model)).toEqual({ row: 0, id: 1 });
  });

  it('moves down to the programme at the same moment', () => {
    // middle of id 2 (100..200) is 149 -> row 1's id 11 (0..150)
    expect(moveFocus('ArrowDown', { row: 0, id: 2 }, model)).toEqual({ row: 1, id: 11 });
    expect(moveFocus('ArrowDown', { row: 0, id: 3 }, model)).toEqual({ row: 1, id: 12 });
    expect(moveFocus('ArrowUp', { row: 1, id: 12 }, model)).toEqual({ row: 0, id: 3 });
  });

  it('skips rows with no programmes and stops at the edges', () => {
    expect(moveFocus('ArrowDown', { row: 1, id: 11 }, model)).toEqual({ row: 3, id: 31 });
    expect(moveFocus('ArrowUp', { row: 0, id: 1 }, model)).toBeNull();
    expect(moveFocus('ArrowDown', { row: 3, id: 31 }, model)).toBeNull();
  });

  it('pages by a screen of rows', () => {
    expect(moveFocus('PageDown', { row: 0, id: 1 }, model)).toEqual({ row: 3, id: 31 });
    expect(moveFocus('PageUp', { row: 3, id: 31 }, model)).toEqual({ row: 1, id: 11 });
  });

  it('ignores other keys', () => {
    expect(moveFocus('Tab' as never, { row: 0, id: 1 }, model)).toBeNull();
  });
});
