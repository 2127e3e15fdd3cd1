import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutHintCandidate } from './layout';
import { suggestionsQuery } from './queries';
import { layoutHintOffered } from './rules';
import type { Suggestion } from './types';

// The wrong-keyboard-layout hint (spec 5): "vfnhbwf" -> "Did you mean «матрица»?". The
// reading is offered when the layout rules pass and the server knows it: its suggestions for
// the reading are not empty. The English word list loads only when a query could need it.

type IsEnglish = (word: string) => boolean;

let loadedIsEnglish: IsEnglish | null = null;

/** Cheap first test before loading the word list: 3 Latin letters and no Cyrillic. */
const mightNeedHint = (text: string) => !/[\u0400-\u04ff]/.test(text) && (text.match(/[a-z]/gi)?.length ?? 0) >= 3;

export interface LayoutHint {
  text: string;
  suggestions: Suggestion[];
}

export function useLayoutHint(text: string, enabled: boolean, token: string | null): LayoutHint | null {
  const { i18n } = useTranslation();
  const [isEnglish, setIsEnglish] = useState<IsEnglish | null>(() => loadedIsEnglish);
  const needed = enabled && layoutHintOffered(i18n.resolvedLanguage ?? i18n.language) && mightNeedHint(text);
  useEffect(() => {
    if (!needed || isEnglish) return;
    let live = true;
    void import('./englishWords').then(({ englishWords }) => {
      loadedIsEnglish = (w) => englishWords.has(w);
      if (live) setIsEnglish(() => loadedIsEnglish);
    });
    return () => {
      live = false;
    };
  }, [needed, isEnglish]);
  const candidate = needed && isEnglish ? layoutHintCandidate(text, isEnglish) : null;
  const { data } = useQuery({
    ...suggestionsQuery(candidate ?? '', token),
    // Not the previous reading's hits under a new reading.
    placeholderData: undefined,
    enabled: candidate !== null && token !== null,
  });
  return candidate && data && data.length > 0 ? { text: candidate, suggestions: data } : null;
}
