import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost';

interface Look {
  variant?: Variant;
  size?: 'md' | 'small';
}

function classes({ variant = 'primary', size = 'md' }: Look, extra?: string): string {
  return [styles.button, styles[variant], size === 'small' ? styles.small : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({ variant, size, className, type = 'button', ...rest }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={classes({ variant, size }, className)} {...rest} />;
}

export function ButtonLink({ variant, size, className, ...rest }: Look & LinkProps) {
  return <Link className={classes({ variant, size }, className)} {...rest} />;
}

export function ButtonAnchor({ variant, size, className, ...rest }: Look & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={classes({ variant, size }, className)} {...rest} />;
}
