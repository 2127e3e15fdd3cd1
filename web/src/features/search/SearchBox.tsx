import { useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { SEARCH_MAX_LENGTH } from '@/shared/lib/constants';
import { useIsPhone } from '@/shared/lib/useMediaQuery';
import { isQuickSearchKey, SEARCH_HIDE_MS } from './rules';
import type { HistoryEntry, Suggestion } from './types';
import { useSearchBox, type SearchOption } from './useSearchBox';
import styles from './SearchBox.module.css';

interface Props {
  /** 'header': the field of the header with a drop-down list; 'page': the phone's search page, list in the flow. */
  variant: 'header' | 'page';
  /** The page variant's close button (back to the previous page). */
  onClose?: () => void;
  autoFocus?: boolean;
  /** Text typed before the box loaded (the header's early field). */
  initialText?: string;
  /** Enter was pressed before the box loaded: search initialText at once. */
  submitOnLoad?: boolean;
}

/**
 * The search field with its suggestions (spec 2 and 4 "Search"): an ARIA combobox. Focus shows
 * the history and the popular titles; typing asks for suggestions after bouncing_interval;
 * arrows move through the list, Enter opens the active row or the results page, Escape closes;
 * '/' focuses the header field.
 */
export function SearchBox({ variant, onClose, autoFocus, initialText, submitOnLoad }: Props) {
  const { t } = useTranslation();
  const box = useSearchBox(initialText);
  const listId = useId();
  const optionId = (i: number) => `${listId}-o${i}`;
  const phone = useIsPhone();
  const mounted = usePresence(box.listShown, SEARCH_HIDE_MS);
  const { inputRef } = box;

  // The quick key: '/' anywhere outside a field focuses the header search (bound before
  // paint, so no key falls between the early field and this one).
  useLayoutEffect(() => {
    if (variant !== 'header') return;
    const coarse = window.matchMedia?.('(pointer: coarse)').matches ?? false;
    const onKey = (e: KeyboardEvent) => {
      if (!isQuickSearchKey(e, phone || coarse)) return;
      e.preventDefault();
      inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [variant, phone, inputRef]);

  // Once, on mount: the Enter the early field took.
  const { submit } = box;
  const submitted = useRef(false);
  useEffect(() => {
    if (!submitOnLoad || submitted.current) return;
    submitted.current = true;
    submit();
  }, [submitOnLoad, submit]);

  useEffect(() => {
    const el = inputRef.current;
    if (!autoFocus || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [autoFocus, inputRef]);

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) box.onBlurOut();
  };

  const historyRows = box.options.flatMap((o, i) => (o.type === 'history' ? [[o, i] as const] : []));
  const suggestionRows = box.options.flatMap((o, i) => (o.type === 'suggestion' ? [[o, i] as const] : []));
  const hintIndex = box.options.findIndex((o) => o.type === 'hint');
  const hint = box.options[hintIndex];
  const historyTitleId = `${listId}-history`;
  const suggestionsTitleId = `${listId}-suggestions`;

  const row = (option: SearchOption, i: number, body: ReactNode) => (
    <li
      key={i}
      id={optionId(i)}
      role="option"
      aria-selected={box.active === i}
      className={`${styles.option} ${box.active === i ? styles.active : ''}`}
      // Keep the focus in the field: the blur would hide the list before the click.
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={() => box.setActive(i)}
      onClick={() => box.choose(option)}
    >
      {body}
    </li>
  );

  return (
    <div className={`${styles.box} ${styles[variant]}`} data-state={box.state} onBlur={onBlur}>
      <form
        role="search"
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          box.submit();
        }}
      >
        <label htmlFor={`${listId}-input`} className="visually-hidden">
          {t('header.searchLabel')}
        </label>
        <input
          id={`${listId}-input`}
          ref={inputRef}
          className={styles.input}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={box.listShown}
          aria-controls={mounted ? listId : undefined}
          aria-activedescendant={box.listShown && box.active >= 0 ? optionId(box.active) : undefined}
          aria-keyshortcuts={variant === 'header' ? '/' : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('header.searchPlaceholder')}
          value={box.text}
          onChange={(e) => box.onChange(e.target.value)}
          onFocus={box.onFocus}
          onKeyDown={box.onKeyDown}
          enterKeyHint="search"
        />
        {variant === 'header' && box.state === 'closed' && !box.text && (
          <kbd className={styles.kbd} aria-hidden="true">
            /
          </kbd>
        )}
        {variant === 'page' && onClose && (
          <button type="button" className={styles.close} onClick={onClose}>
            {t('search.close')}
          </button>
        )}
      </form>
      <div role="status" className="visually-hidden">
        {box.listShown && suggestionRows.length > 0 ? t('search.suggestionsCount', { count: suggestionRows.length }) : ''}
        {hint?.type === 'hint' ? ` ${t('search.layoutHintPlain', { text: hint.text })}` : ''}
      </div>
      {mounted && (
        <div className={styles.panel} data-closing={!box.listShown || undefined}>
          <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className={styles.list}>
            {hint?.type === 'hint' &&
              row(
                hint,
                hintIndex,
                <span className={styles.hint}>
                  <Trans i18nKey="search.layoutHint" values={{ text: hint.text }} components={{ b: <strong lang="ru" /> }} />
                </span>,
              )}
            {historyRows.length > 0 && (
              <li role="presentation">
                <span id={historyTitleId} className={styles.groupTitle}>
                  {t('search.history')}
                </span>
                <ul role="group" aria-labelledby={historyTitleId} className={styles.list}>
                  {historyRows.map(([o, i]) => row(o, i, <HistoryRow entry={o.entry} />))}
                </ul>
              </li>
            )}
            {suggestionRows.length > 0 && (
              <li role="presentation">
                {box.debounced === '' && (
                  <span id={suggestionsTitleId} className={styles.groupTitle}>
                    {t('search.popular')}
                  </span>
                )}
                <ul role="group" aria-labelledby={box.debounced === '' ? suggestionsTitleId : undefined} className={styles.list}>
                  {suggestionRows.map(([o, i]) => row(o, i, <SuggestionRow suggestion={o.suggestion} />))}
                </ul>
              </li>
            )}
          </ul>
          {box.historyShown && (
            <button type="button" className={styles.clear} onMouseDown={(e) => e.preventDefault()} onClick={box.clearHistory}>
              {t('search.clearHistory')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The kind of a found item as a word: film, series, programme, person, channel. */
export function useKindLabel() {
  const { t } = useTranslation();
  return (kind: HistoryEntry['kind'], contentType?: string | null) => {
    if (kind === 'content') {
      switch (contentType) {
        case 'movie':
          return t('search.kind.movie');
        case 'series':
        case 'serial':
          return t('search.kind.series');
        case 'program':
          return t('search.kind.program');
        case 'season':
        case 'episode':
          return t('search.kind.episode');
      }
      return t('search.kind.content');
    }
    if (kind === 'query') return t('search.kind.query');
    return t(`search.kind.${kind}`);
  };
}

function SuggestionRow({ suggestion: s }: { suggestion: Suggestion }) {
  const kindLabel = useKindLabel();
  return (
    <>
      <span className={styles.optionTitle}>{s.text}</span>
      <span className={styles.optionMeta}>{[kindLabel(s.kind, s.content_type), s.year || ''].filter(Boolean).join(' · ')}</span>
    </>
  );
}

function HistoryRow({ entry: e }: { entry: HistoryEntry }) {
  const kindLabel = useKindLabel();
  return (
    <>
      <span className={styles.historyIcon} aria-hidden="true" />
      <span className={styles.optionTitle}>{e.title || e.query}</span>
      <span className={styles.optionMeta}>{kindLabel(e.kind)}</span>
    </>
  );
}

/** True while shown, and for `ms` after it stops being shown (the closing transition). */
function usePresence(shown: boolean, ms: number): boolean {
  const [mounted, setMounted] = useState(shown);
  useEffect(() => {
    if (shown) {
      setMounted(true);
      return;
    }
    const id = window.setTimeout(() => setMounted(false), ms);
    return () => window.clearTimeout(id);
  }, [shown, ms]);
  return mounted;
}
