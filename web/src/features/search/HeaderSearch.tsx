import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX_LENGTH } from '@/shared/lib/constants';
import { useIsPhone } from '@/shared/lib/useMediaQuery';
import { useSession } from '@/shared/session';
import styles from './SearchBox.module.css';

// The header is on every page, so its search must cost the first page almost nothing: a plain
// field shows at once and the search itself (suggestions, history, the layout hint) loads when
// the browser is idle, or at once when the viewer reaches for the field. What was typed
// meanwhile is carried over, and so is an Enter pressed before the search arrived.
type SearchBoxComponent = ComponentType<{ variant: 'header'; initialText?: string; autoFocus?: boolean; submitOnLoad?: boolean }>;

/** Load the search this long after the page starts, at the latest. */
const IDLE_LOAD_MS = 2500;

/** The header's search (spec 2 "Header", "Search"): only for a guest or a logged-in viewer (a session). */
export function HeaderSearch() {
  const { token } = useSession();
  const [wanted, setWanted] = useState(false);
  const [early, setEarly] = useState({ text: '', focused: false, submitted: false });

  useEffect(() => {
    if (wanted) return;
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setWanted(true), { timeout: IDLE_LOAD_MS });
      return () => window.cancelIdleCallback?.(id);
    }
    const id = window.setTimeout(() => setWanted(true), IDLE_LOAD_MS);
    return () => window.clearTimeout(id);
  }, [wanted]);

  // Loaded by hand rather than with lazy + Suspense: the early field must stay mounted (with
  // the focus and the caret) until the search is there to take over.
  const [Box, setBox] = useState<SearchBoxComponent | null>(null);
  useEffect(() => {
    if (!wanted || Box) return;
    let live = true;
    void import('./SearchBox').then((m) => {
      if (live) setBox(() => m.SearchBox);
    });
    return () => {
      live = false;
    };
  }, [wanted, Box]);

  if (!token) return null;
  if (Box) return <Box variant="header" initialText={early.text} autoFocus={early.focused} submitOnLoad={early.submitted} />;
  return (
    <EarlyField
      text={early.text}
      onChange={(text) => {
        setEarly({ text, focused: true, submitted: false });
        setWanted(true);
      }}
      onSubmit={() => {
        setEarly((e) => ({ ...e, submitted: true }));
        setWanted(true);
      }}
      onFocusChange={(focused) => {
        setEarly((e) => ({ ...e, focused }));
        if (focused) setWanted(true);
      }}
      onPreload={() => setWanted(true)}
    />
  );
}

/** The field before the search has loaded: the same look, the same label, the '/' key. */
interface EarlyFieldProps {
  text: string;
  onChange(text: string): void;
  onFocusChange(focused: boolean): void;
  onPreload(): void;
  /** Enter: the search runs it once it has loaded. */
  onSubmit(): void;
}

function EarlyField({ text, onChange, onFocusChange, onPreload, onSubmit }: EarlyFieldProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const input = useRef<HTMLInputElement>(null);
  // Before paint: a '/' pressed as soon as the field shows must find it.
  useLayoutEffect(() => {
    if (phone) return;
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const typing = !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typing) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phone]);
  return (
    <div className={`${styles.box} ${styles.header}`} data-state="closed">
      <form
        role="search"
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <label htmlFor="header-search-early" className="visually-hidden">
          {t('header.searchLabel')}
        </label>
        <input
          id="header-search-early"
          ref={input}
          className={styles.input}
          type="search"
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          autoComplete="off"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('header.searchPlaceholder')}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onFocus={() => onFocusChange(true)}
          onBlur={() => onFocusChange(false)}
          onPointerEnter={onPreload}
          enterKeyHint="search"
        />
      </form>
    </div>
  );
}
