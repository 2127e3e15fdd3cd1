import { useState } from 'react';
import { artworkSrcset } from '@/shared/lib/artworkSrcset';
import styles from './Tiles.module.css';

interface Props {
  src: string;
  /** The CSS width the tile shows the picture at (spec 9 "Images"): the srcset's `sizes`. */
  width: number;
  height: number;
  /** Initials of this text fill the stub picture when the image is missing or fails. */
  stubText: string;
  /** The first row's pictures load at once; the rest lazily. */
  eager?: boolean;
  className?: string;
}

/**
 * A tile picture: intrinsic size for layout (no shifts), lazy loading, async decoding,
 * and the stub image of spec 8 "Image load failure" when it fails or is missing. A
 * generated picture (/v2/artwork/...) comes with the widths the server draws it at, so a
 * screen of 2x or 3x pixels gets a sharp one; the server's first screen writes the same
 * srcset and sizes for the same pictures (internal/catalog/first_screen.go), so the
 * browser picks the same file there and here and loads it once.
 */
export function TileImage({ src, width, height, stubText, eager, className }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className={`${styles.stub} ${className ?? ''}`} aria-hidden="true" data-stub="1">
        <span>{initials(stubText)}</span>
      </span>
    );
  }
  const srcSet = artworkSrcset(src);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? `${width}px` : undefined}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      onError={() => setFailed(src)}
      draggable={false}
      // Element Timing: when the first screen's pictures are painted (bench/home.mjs reads it).
      {...(eager ? ELEMENT_TIMING : null)}
    />
  );
}

const ELEMENT_TIMING = { elementtiming: 'tile' } as Record<string, string>;

function initials(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toUpperCase();
}
