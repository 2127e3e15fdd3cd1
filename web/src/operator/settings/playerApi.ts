import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

// The client's tunables: the catch-up blackout picture and margin, and the experiments.

export type PlayerSettings = components['schemas']['PlayerSettings'];
export type ABTest = components['schemas']['ABTest'];

export const playerKey = ['operator', 'settings', 'player'] as const;

export const playerQuery = () =>
  queryOptions({
    queryKey: playerKey,
    queryFn: ({ signal }) => consoleFetch<PlayerSettings>('/settings/player', { signal }),
  });

export const patchPlayer = (body: Partial<PlayerSettings>) => consoleFetch<PlayerSettings>('/settings/player', { method: 'PATCH', body });
