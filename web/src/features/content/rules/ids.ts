// Route ids (spec 5): a content id is the trailing digits of the route segment
// ('matrica-snov-12' -> 12, '12' -> 12); a segment without them names nothing.

export function idFromSegment(segment: string | null | undefined): number | null {
  const m = /(\d+)$/.exec((segment ?? '').trim());
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A segment with no letters (a bare id) makes the page noindex (spec 5). */
export function isBareId(segment: string | null | undefined): boolean {
  return !/\p{L}/u.test(segment ?? '');
}
