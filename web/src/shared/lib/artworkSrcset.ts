// The server draws its generated pictures (/v2/artwork/{kind}/{id}.jpg) at a few widths
// per kind (?w= snaps up to them, internal/artwork/widths.go). These are the same steps,
// for srcset: the Go test TestLaddersMatchWebClient reads this table, so keep its lines'
// shape. `base` is the width of the address without ?w= (lists, link previews): that
// candidate is the address itself, so a picture already loaded is not loaded again.

type ArtworkKind = 'poster' | 'cover' | 'person' | 'news' | 'background' | 'promo';

const LADDERS: Record<ArtworkKind, { widths: readonly number[]; base: number }> = {
  poster: { widths: [300, 400, 600, 846], base: 400 },
  cover: { widths: [352, 512, 640, 1024], base: 640 },
  person: { widths: [180, 300, 480, 720], base: 300 },
  news: { widths: [352, 640, 1088, 1920], base: 640 },
  background: { widths: [640, 1280, 1920], base: 1280 },
  promo: { widths: [480, 768, 1536, 1920], base: 1536 },
};

// Exactly the addresses the server hands out (artwork.URL): any other, an operator's picture
// included, has no srcset.
const ARTWORK_URL = /^\/v2\/artwork\/(poster|cover|person|news|background|promo)\/([1-9]\d*)\.jpg$/;

/**
 * The srcset of a generated picture's address, undefined for any other address. The
 * server's first screen (internal/catalog/first_screen.go, artwork.Srcset) writes the same
 * string, so the browser picks the same candidate there and in the app.
 */
export function artworkSrcset(src: string): string | undefined {
  const m = ARTWORK_URL.exec(src);
  if (!m) return undefined;
  const { widths, base } = LADDERS[m[1] as ArtworkKind];
  return widths.map((w) => `${w === base ? src : `${src}?w=${w}`} ${w}w`).join(', ');
}
