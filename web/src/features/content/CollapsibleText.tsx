import { useId, useState, type ReactNode } from 'react';
import { collapsesOnPage, cutText, PAGE_COLLAPSE, paragraphsOf } from './rules/description';
import styles from './CollapsibleText.module.css';

interface Props {
  text: string | undefined;
  /** The toggle's labels, collapsed and open. */
  moreLabel: string;
  lessLabel: string;
  className?: string;
  /** Shown before the text (a visually hidden heading, say). */
  heading?: ReactNode;
}

/**
 * A page's long text (a person's biography, a news item): over 400 characters it shows
 * collapsed, with a more/less toggle (spec 2 "Other pages"); paragraphs kept when open.
 */
export function CollapsibleText({ text, moreLabel, lessLabel, className, heading }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const paragraphs = paragraphsOf(text ?? '');
  if (paragraphs.length === 0) return null;
  const collapses = collapsesOnPage(text);
  const shown = open || !collapses ? paragraphs : [cutText(paragraphs.join(' '), PAGE_COLLAPSE)];
  return (
    <div className={`${styles.text} ${className ?? ''}`}>
      {heading}
      <div id={id}>
        {shown.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {collapses && (
        <button type="button" className={styles.more} aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
          {open ? lessLabel : moreLabel}
        </button>
      )}
    </div>
  );
}
