import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A heading that takes the focus when it appears, so a screen reader announces a new step
 * of a form (sign-in's second step, the recovery codes) and Tab goes on from there.
 */
export function StepHeading({ level = 1, children, focus = true }: { level?: 1 | 2; children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag ref={ref} tabIndex={-1}>
      {children}
    </Tag>
  );
}
