import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToggleFavorite } from '@/features/channels';
import { showAlert } from '@/shared/ui';
import { useInvalidateViewerData } from './queries';

/**
 * The favourite toggle of a content or a person (spec 4 "Favourites"): guests get #auth;
 * otherwise the button flips at once, the favourites list is updated through the TV
 * area's favourites calls, and a failure flips back with an alert.
 */
export function useFavoriteSwitch(kind: 'content' | 'person', id: number | null | undefined, favored: boolean) {
  const { t } = useTranslation();
  const toggleFavorite = useToggleFavorite();
  const invalidate = useInvalidateViewerData();
  const [shown, setShown] = useState(favored);
  const [busy, setBusy] = useState(false);
  useEffect(() => setShown(favored), [favored, id]);

  const toggle = async () => {
    if (id == null || busy) return;
    const before = shown;
    setBusy(true);
    setShown(!before);
    try {
      const result = await toggleFavorite(kind, id, before);
      if (result === 'auth') setShown(before);
      else {
        showAlert(t(result === 'added' ? 'content.favoriteAdded' : 'content.favoriteRemoved'));
        invalidate();
      }
    } catch {
      setShown(before);
      showAlert(t('content.favoriteError'), { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { favored: shown, busy, toggle };
}
