import type { ApiError } from '@/shared/api';
import { createStore, useStore } from '@/shared/lib/createStore';
import type { Access } from '@/shared/session';

// Where the start-up sequence stands; the layout shows a spinner, the page or a retry panel.

export interface BootState {
  status: 'loading' | 'ready' | 'error';
  error: ApiError | null;
  access: Access;
  /** Set by a 403 forbidden_country or by network data: pages redirect to /geo_lock. */
  geoLocked: { country: string; remote: string } | null;
}

export const bootStore = createStore<BootState>({
  status: 'loading',
  error: null,
  access: { authOnly: false, guestsAllowed: false, geoLocked: false },
  geoLocked: null,
});

export const useBoot = () => useStore(bootStore);
