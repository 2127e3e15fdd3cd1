import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Icon, type IconName } from './icons';
import playerStyles from './Player.module.css';
import styles from './Menu.module.css';

// A control-bar menu (quality, audio, subtitles, speed): a menu button with a popup of
// radio items; arrows move, Enter/Space choose, Escape closes back to the button.

export interface MenuItem<V> {
  value: V;
  label: string;
}

interface Props<V> {
  icon: IconName;
  label: string;
  /** Short text next to the icon (e.g. "720p", "1.5×"). */
  badge?: string;
  items: MenuItem<V>[];
  selected: V;
  onSelect(value: V): void;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function MenuButton<V extends string | number>({ icon, label, badge, items, selected, onSelect, open, onOpenChange }: Props<V>) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  // On open: focus the chosen item; a press outside closes (deps: open only, so the
  // player's re-renders every second do not pull the focus back).
  useEffect(() => {
    if (!open) return;
    const menu = menuRef.current;
    const current = menu?.querySelector<HTMLElement>('[aria-checked="true"]') ?? menu?.querySelector<HTMLElement>('[role="menuitemradio"]');
    current?.focus();
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu?.contains(t) && !buttonRef.current?.contains(t)) onOpenChangeRef.current(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  function onMenuKey(e: KeyboardEvent<HTMLDivElement>) {
    const all = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const i = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => all[(to + all.length) % all.length]?.focus();
    if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      onOpenChange(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') onOpenChange(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  return (
    <div className={styles.menuWrap}>
      <button
        ref={buttonRef}
        type="button"
        className={playerStyles.control}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => onOpenChange(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            e.stopPropagation();
            onOpenChange(true);
          }
        }}
      >
        <Icon name={icon} />
        {badge && <span className={playerStyles.badge}>{badge}</span>}
      </button>
      {open && (
        <div ref={menuRef} id={id} role="menu" aria-label={label} className={styles.menu} onKeyDown={onMenuKey}>
          <div className={styles.menuTitle} aria-hidden="true">
            {label}
          </div>
          {items.map((item) => {
            const checked = item.value === selected;
            return (
              <button
                key={String(item.value)}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                className={styles.menuItem}
                onClick={() => {
                  onSelect(item.value);
                  onOpenChange(false);
                  buttonRef.current?.focus();
                }}
              >
                <span className={styles.menuCheck}>{checked && <Icon name="check" size={18} />}</span>
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
