import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiFetch } from '@/shared/api';
import type { components } from '@/shared/api/schema';
import { useSession } from '@/shared/session';

// GET /v2/channels/guide?start&end: Efir's bulk guide call (every channel the viewer
// sees, in line-up order, the programmes overlapping [start, end), window <= 26 h).
// The guide asks for a day in 6-hour chunks around the viewport (timeline.chunksFor).

/** One row of the answer (generated from api/openapi.yaml). */
export type GuideRow = components['schemas']['GuideRow'];
export type GuideProgramme = GuideRow['schedule'][number];

export const guideKeys = {
  all: ['guide'] as const,
  chunk: (token: string | null, start: number, end: number) => [...guideKeys.all, token, start, end] as const,
};

// Performance marks for bench/guide.mjs: guide:data when the first chunk's answer is
// parsed, guide:channels when the page first has the channel list, guide:painted (in
// the grid) in the frame that shows the first rows. Once per page load.
let dataMarked = false;

export async function fetchGuide(start: number, end: number, signal?: AbortSignal): Promise<GuideRow[]> {
  const rows = await apiFetch<GuideRow[]>('/channels/guide', { query: { start, end }, signal });
  if (!dataMarked) {
    dataMarked = true;
    performance.mark('guide:data');
  }
  return rows;
}

/** channel id -> its programmes of all loaded chunks, sorted by start, without duplicates. */
export type GuideIndex = Map<number, GuideProgramme[]>;

/** Merges the chunks' answers: a programme crossing a chunk border comes in both. */
export function mergeChunks(chunks: readonly (GuideRow[] | undefined)[]): { order: number[]; index: GuideIndex } {
  const index: GuideIndex = new Map();
  const order: number[] = [];
  const seen = new Map<number, Set<number>>();
  for (const rows of chunks) {
    if (!rows) continue;
    for (const row of rows) {
      let list = index.get(row.channel_id);
      let ids = seen.get(row.channel_id);
      if (!list || !ids) {
        list = [];
        ids = new Set();
        index.set(row.channel_id, list);
        seen.set(row.channel_id, ids);
        order.push(row.channel_id);
      }
      for (const p of row.schedule) {
        if (ids.has(p.id)) continue;
        ids.add(p.id);
        list.push(p);
      }
    }
  }
  for (const list of index.values()) list.sort((a, b) => a.timestamp - b.timestamp);
  return { order, index };
}

/** The chunks' queries, merged. `pending` while no chunk has answered yet. */
export function useGuideChunks(chunks: Array<[number, number]>) {
  const { token } = useSession();
  const results = useQueries({
    queries: chunks.map(([start, end]) => ({
      queryKey: guideKeys.chunk(token, start, end),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchGuide(start, end, signal),
      staleTime: 60_000,
      gcTime: 10 * 60_000,
    })),
  });
  const datas = results.map((r) => r.data);
  const key = results.map((r) => r.dataUpdatedAt).join(',');
  const merged = useMemo(() => mergeChunks(datas), [key]);
  return {
    ...merged,
    pending: results.every((r) => r.data === undefined) && results.some((r) => r.isPending),
    error: results.find((r) => r.error)?.error ?? null,
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}
