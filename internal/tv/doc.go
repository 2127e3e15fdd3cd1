// Package tv is the live TV area: the line-up (channels, categories,
// packets), who may watch what, the programme schedule and the archive
// rule, signed streams and favourites. Its subpackages (xmltv, m3u,
// epgimport) load line-ups and guides from outside.
//
// Rules (access.go, stream.go):
//   - a channel is purchased when it is free (itself or through a free
//     packet) or one of its packets is among the user's subscriptions
//     running now (start_at <= now < end_at, or end_at = 0); free channels
//     count as purchased for everybody, their archive included;
//   - hidden channels are never listed (they still open by id or slug),
//     guests and anonymous callers see no 4K channel, child profiles see
//     only channels, programmes and schedule entries of age <= 12;
//   - a stream needs a purchased channel (403 permission_denied with the
//     reason otherwise); preview=1 is refused for adult channels;
//   - a stream other than a preview takes the device's place among the
//     subscriber's streams at once (stream_limit.go, package streams);
//   - the archive (ts older than 30 s) needs: the channel's archive days
//     not passed, the programme containing ts replayable
//     (is_catchup_available) and, on a child profile, of age <= 12.
//
// Speed (the budgets): the line-up is cached per provider and
// reloaded when the settings row tv_lineup_version moves (BumpLineup,
// checked at most once a second); the programmes on air are cached until
// the first of them ends (30 s at most); a channel's schedule span is
// cached with its JSON for 60 s (schedule_cache.go); /guide grids per
// window for 60 s (guide_cache.go). Channel lists append the per-viewer
// fields to JSON rendered once per line-up (channel_json.go).
package tv
