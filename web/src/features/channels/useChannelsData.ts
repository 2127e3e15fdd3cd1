import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/session';
import { adultCategoryIds, visibleCategories } from './categories';
import { lineUpOrder } from './categories';
import { useCategories, useChannels } from './queries';
import type { Category, Channel } from './types';

export interface ChannelsData {
  channels: Channel[];
  /** Every category of the server (for lookups). */
  allCategories: Category[];
  /** The categories the picker offers (no 26, favourites while any, child only 22). */
  categories: Category[];
  adultCategories: Set<number>;
  isChild: boolean;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}

/** The viewer's line-up and categories with the picker rules applied. */
export function useChannelsData(): ChannelsData {
  const { t } = useTranslation();
  const { profile } = useSession();
  const isChild = profile?.role === 'child';
  const cats = useCategories();
  const list = useChannels();
  return useMemo(() => {
    const channels = [...(list.data ?? [])].sort(lineUpOrder);
    const allCategories = cats.data ?? [];
    const favoriteChannelIds = channels.filter((c) => c.is_favored).map((c) => c.id);
    return {
      channels,
      allCategories,
      categories: visibleCategories(allCategories, { isChild, favoriteChannelIds, favoritesName: t('channels.favorites') }),
      adultCategories: adultCategoryIds(allCategories),
      isChild,
      isLoading: cats.isLoading || list.isLoading,
      error: cats.error ?? list.error,
      refetch: () => {
        void cats.refetch();
        void list.refetch();
      },
    };
  }, [cats, list, isChild, t]);
}
