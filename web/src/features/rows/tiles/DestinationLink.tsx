import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { useNetwork } from '@/shared/api';
import { useModalNavigation, useModalPageState } from '@/shared/lib/modalNavigation';
import { destinationTarget } from '../rules/destination';
import type { Destination } from '../types';

interface Props {
  destination: Destination | null | undefined;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  'aria-label'?: string;
  /** Set by sliders while a drag is under way: the click that ends a drag opens nothing. */
  suppressClick?: () => boolean;
}

/** The provider is OTT unless the network data says otherwise (see DestinationContext). */
export function useProviderIsOtt(): boolean {
  const provider = useNetwork().data?.provider as { is_ott?: boolean } | null | undefined;
  return provider?.is_ott !== false;
}

/**
 * A tile's destination as the right element: a route link (modal pages open over the
 * page), a new window for open_url, or a button opening #promocode / #message.
 */
export function DestinationLink({ destination, className, style, children, suppressClick, ...aria }: Props) {
  const providerIsOtt = useProviderIsOtt();
  const modalState = useModalPageState();
  const { open } = useModalNavigation();
  const target = destinationTarget(destination, { providerIsOtt });
  const guard = (e: { preventDefault(): void }) => {
    if (suppressClick?.()) e.preventDefault();
  };
  switch (target.kind) {
    case 'link':
      return (
        <Link to={target.to} state={target.modalPage ? modalState : undefined} className={className} style={style} onClick={guard} draggable={false} {...aria}>
          {children}
        </Link>
      );
    case 'external':
      return (
        <a href={target.href} target="_blank" rel="noopener noreferrer" className={className} style={style} onClick={guard} draggable={false} {...aria}>
          {children}
        </a>
      );
    case 'modal':
      return (
        <button
          type="button"
          className={className}
          style={style}
          onClick={(e) => {
            guard(e);
            if (!e.defaultPrevented) open(target.name, target.data);
          }}
          {...aria}
        >
          {children}
        </button>
      );
    default:
      return (
        <span className={className} style={style}>
          {children}
        </span>
      );
  }
}
