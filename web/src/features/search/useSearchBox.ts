import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConfiguration } from '@/shared/api';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { reportFound } from './api';
import { suggestionsQuery } from './queries';
import {
  DEFAULT_BOUNCING_INTERVAL_MS,
  foundReport,
  historyEntryOf,
  itemPath,
  normaliseSearchTerm,
  opensAsModalPage,
  SEARCH_BLUR_HIDE_MS,
  searchPath,
  searchStarts,
  searchTermOf,
  suggestionText,
  suggestionsWanted,
  SUGGESTIONS_SHOWN,
} from './rules';
import type { HistoryEntry, Suggestion } from './types';
import { useLayoutHint } from './useLayoutHint';
import { useSearchHistory } from './useSearchHistory';

// The state of a search box (spec 2 and 4 "Search"): closed, focused (the field has the focus,
// no list) and open (the list shows); the debounced suggestions, the layout hint, the history,
// the keys. SearchBox draws it.

export type SearchBoxState = 'closed' | 'focused' | 'open';

/** One row of the list: the layout hint, a history entry or a suggestion. */
export type SearchOption =
  | { type: 'hint'; text: string }
  | { type: 'history'; entry: HistoryEntry }
  | { type: 'suggestion'; suggestion: Suggestion };

export function useSearchBox(initialText?: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const modalState = useModalPageState();
  const { token } = useSession();
  const config = useConfiguration();
  const interval = config.bouncing_interval || DEFAULT_BOUNCING_INTERVAL_MS;
  const history = useSearchHistory();
  const onSearchPage = location.pathname === '/search';
  const routeTerm = onSearchPage ? searchTermOf(location.search) : '';

  const [text, setText] = useState(initialText || routeTerm);
  const [focused, setFocused] = useState(false);
  const [listShown, setListShown] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  // Debounced text: bouncing_interval after the last key; clearing the field is at once.
  const query = suggestionText(text);
  const [debounced, setDebounced] = useState(query);
  useEffect(() => {
    if (query === debounced) return;
    const id = window.setTimeout(() => setDebounced(query), query === '' ? 0 : interval);
    return () => window.clearTimeout(id);
  }, [query, debounced, interval]);

  const wanted = listShown && token !== null && suggestionsWanted(debounced, config.min_search_chars);
  const suggestions = useQuery({ ...suggestionsQuery(debounced, token), enabled: wanted });
  const hint = useLayoutHint(debounced, listShown, token);

  const options = useMemo<SearchOption[]>(() => {
    const out: SearchOption[] = [];
    if (hint) out.push({ type: 'hint', text: hint.text });
    if (debounced === '') history.entries.forEach((entry) => out.push({ type: 'history', entry }));
    if (wanted) {
      (suggestions.data ?? []).slice(0, SUGGESTIONS_SHOWN).forEach((suggestion) => out.push({ type: 'suggestion', suggestion }));
    }
    return out;
  }, [hint, debounced, history.entries, wanted, suggestions.data]);

  // The route drives the field: on /search it shows the term; leaving /search closes it.
  const lastPath = useRef(location.pathname);
  useEffect(() => {
    const left = lastPath.current === '/search' && location.pathname !== '/search';
    lastPath.current = location.pathname;
    setListShown(false);
    setActive(-1);
    if (left) {
      setText('');
      setDebounced('');
    } else if (location.pathname === '/search') {
      setText(routeTerm);
    }
  }, [location.pathname, location.search, routeTerm]);

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  const close = useCallback(() => {
    inputRef.current?.blur();
    window.clearTimeout(blurTimer.current);
    setListShown(false);
    setFocused(false);
    setActive(-1);
  }, []);

  const submit = useCallback(() => {
    const term = normaliseSearchTerm(text);
    setListShown(false);
    setActive(-1);
    // Spec 5: a search starts only at min_search_chars; Enter on a shorter term does nothing more.
    if (!searchStarts(term, config.min_search_chars)) return;
    history.add({ query: term, kind: 'query' });
    navigate(searchPath(term));
  }, [text, history, navigate, config.min_search_chars]);

  const open = useCallback(
    (item: { kind: Suggestion['kind']; id: number; slug?: string }) => {
      setListShown(false);
      setActive(-1);
      setText(onSearchPage ? routeTerm : '');
      inputRef.current?.blur();
      navigate(itemPath(item), opensAsModalPage(item.kind) ? { state: modalState } : undefined);
    },
    [navigate, modalState, onSearchPage, routeTerm],
  );

  const choose = useCallback(
    (option: SearchOption) => {
      switch (option.type) {
        case 'hint':
          // The reading replaces the text; its suggestions are already loaded.
          setText(option.text);
          setDebounced(option.text);
          setActive(-1);
          setListShown(true);
          inputRef.current?.focus();
          return;
        case 'history': {
          const e = option.entry;
          if (e.kind === 'query' || e.id === undefined) {
            setText(e.query);
            setListShown(false);
            history.add(e);
            navigate(searchPath(e.query));
            return;
          }
          history.add(e);
          open({ kind: e.kind, id: e.id, slug: e.slug });
          return;
        }
        case 'suggestion': {
          const s = option.suggestion;
          history.add(historyEntryOf(text || s.text, s));
          void reportFound(foundReport(text || s.text, s)).catch(() => undefined);
          open(s);
        }
      }
    },
    [history, navigate, open, text],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLInputElement>) => {
      const n = options.length;
      switch (e.key) {
        case 'ArrowDown':
          e.preventDefault();
          setListShown(true);
          if (n) setActive((a) => (a + 1) % n);
          return;
        case 'ArrowUp':
          e.preventDefault();
          setListShown(true);
          if (n) setActive((a) => (a <= 0 ? n - 1 : a - 1));
          return;
        case 'Enter': {
          e.preventDefault();
          const option = listShown && active >= 0 ? options[active] : undefined;
          if (option) choose(option);
          else submit();
          return;
        }
        case 'Escape':
          if (listShown || focused) {
            e.preventDefault();
            e.stopPropagation(); // not the modal page below
            close();
          }
      }
    },
    [options, listShown, active, choose, submit, focused, close],
  );

  const onFocus = useCallback(() => {
    window.clearTimeout(blurTimer.current);
    setFocused(true);
    setListShown(true);
  }, []);

  /** Focus left the box (its field and list): the list hides after SEARCH_BLUR_HIDE_MS. */
  const onBlurOut = useCallback(() => {
    window.clearTimeout(blurTimer.current);
    blurTimer.current = window.setTimeout(() => {
      setFocused(false);
      setListShown(false);
      setActive(-1);
    }, SEARCH_BLUR_HIDE_MS);
  }, []);

  const onChange = useCallback((value: string) => {
    setText(value);
    setListShown(true);
    setActive(-1);
  }, []);

  const state: SearchBoxState = listShown ? 'open' : focused ? 'focused' : 'closed';
  return {
    state,
    text,
    onChange,
    onFocus,
    onBlurOut,
    onKeyDown,
    inputRef,
    options,
    active,
    setActive,
    choose,
    submit,
    close,
    listShown: listShown && options.length > 0,
    loading: wanted && suggestions.isFetching && !suggestions.data,
    historyShown: debounced === '' && history.entries.length > 0,
    clearHistory: history.clear,
    debounced,
  };
}

export type SearchBoxModel = ReturnType<typeof useSearchBox>;
