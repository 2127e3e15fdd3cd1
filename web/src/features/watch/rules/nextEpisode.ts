// The next episode near the end of one (spec 4 "Content page and play flow" 7): the one
// after it in viewing order, skipping announcements (they cannot be played); trailers and
// films have none. Without the list, the server's next_to_play of the episode is used.

interface Episode {
  id: number;
  content_type: string;
  is_announcement: boolean;
}

export function chooseNext<T extends Episode>(current: Episode, episodes: readonly T[] | undefined, nextToPlay?: T | null): T | null {
  if (current.content_type !== 'episode') return null;
  if (episodes?.length) {
    const at = episodes.findIndex((e) => e.id === current.id);
    if (at >= 0) return episodes.slice(at + 1).find((e) => !e.is_announcement && e.content_type === 'episode') ?? null;
  }
  return nextToPlay && nextToPlay.id !== current.id && !nextToPlay.is_announcement ? nextToPlay : null;
}
