// Package epgimport writes guides (XMLTV) and line-ups (M3U) into the TV
// tables (migration 0006). Both importers consume their parser's callbacks
// and write in batched transactions, so an import of any size runs in flat
// memory; bad entries are counted by reason and the first ones printed.
//
// XMLTV -> tables:
//
//	<programme channel>        channels.epg_id of the provider (all channels with it)
//	title / sub-title / desc   schedule.title / episode_title / description
//	                           (language: -lang, default ru then en, then untagged)
//	category (several)         schedule.categories, programs.genres (JSON arrays)
//	episode-num                schedule.season / series, 1-based
//	                           (xmltv_ns "s.e.p/total" is zero-based; onscreen "S01E02")
//	rating value               schedule.motion_rating (first value as given) and
//	                           schedule.age (strictest, rounded up to 0/6/12/16/18)
//	icon / date / country      image_url / programs.year / programs.countries
//	previously-shown, new      parsed, not stored (the API has no field for them)
//	channel+title              programs.epg_key: one programme row per title and
//	                           channel, created or refreshed, linked by program_id
//
// The schedule of every channel in the guide is replaced inside the range
// the guide covers for it: entries older than the import overlapping
// [first start, last stop] are deleted, the new ones inserted; an entry at
// the same channel and start is overwritten.
//
// M3U -> channels (source_type 'hls'), the rules of the console's import:
// the entries with one tvg-id (else one name) are one channel, named by
// the first; every entry's URL is a row of channel_sources in playlist
// order (replacing the channel's previous ones), playable false with its
// problem when it is not HLS (m3u.Unplayable: reported by line); the first
// playable one is source_url, and a new channel without one is created
// hidden (an existing one keeps its stream). tvg-id is epg_id, the name
// after the comma (else tvg-name) name and slug, tvg-logo logo_url (an
// uploaded logo stays), tvg-chno number, catchup/catchup-source
// catchup_template (see CatchupTemplate), catchup-days (else tvg-rec,
// timeshift, the header's catchup-days) archived_days (0 without a
// template). group-title (several separated by ';', else #EXTGRP) become
// categories with ids from 1001, adult-looking names tagged is_adult; every
// channel joins category 32 when the provider has it. Channels are matched
// by epg_id, then slug.
//
// Both importers bump the settings row tv_lineup_version, which internal/tv
// watches to drop its caches.
package epgimport
