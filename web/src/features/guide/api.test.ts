import { describe, expect, it } from 'vitest';
import { mergeChunks } from './api';

const p = (id: number, timestamp: number, duration = 3600) => ({ id, title: `p${id}`, timestamp, duration, is_catchup_available: true, age: 0 });

describe('mergeChunks', () => {
  it('joins chunks in line-up order, sorted, without the programmes that cross a border twice', () => {
    const a = [
      { channel_id: 5, schedule: [p(1, 0), p(2, 3600, 7200)] },
      { channel_id: 3, schedule: [p(10, 0)] },
    ];
    const b = [
      { channel_id: 5, schedule: [p(2, 3600, 7200), p(3, 10_800)] },
      { channel_id: 3, schedule: [p(11, 7200)] },
      { channel_id: 9, schedule: [] },
    ];
    const { order, index } = mergeChunks([b, undefined, a]);
    expect(order).toEqual([5, 3, 9]);
    expect(index.get(5)!.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(index.get(3)!.map((x) => x.id)).toEqual([10, 11]);
    expect(index.get(9)).toEqual([]);
  });
});
