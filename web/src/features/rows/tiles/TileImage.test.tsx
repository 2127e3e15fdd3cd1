import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { artworkSrcset } from '@/shared/lib/artworkSrcset';
import { TileImage } from './TileImage';

afterEach(cleanup);

describe('TileImage', () => {
  it('gives a generated picture its widths, sized at the tile width', () => {
    const { container } = render(<TileImage src="/v2/artwork/poster/12.jpg" width={282} height={423} stubText="Film" eager />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/v2/artwork/poster/12.jpg');
    // The server's first screen writes the same two attributes (first_screen.go).
    expect(img?.getAttribute('srcset')).toBe(artworkSrcset('/v2/artwork/poster/12.jpg'));
    expect(img?.getAttribute('sizes')).toBe('282px');
  });

  it("leaves an operator's picture as it is", () => {
    const { container } = render(<TileImage src="https://cdn.example/p.jpg" width={282} height={423} stubText="Film" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://cdn.example/p.jpg');
    expect(img?.hasAttribute('srcset')).toBe(false);
    expect(img?.hasAttribute('sizes')).toBe(false);
  });
});
