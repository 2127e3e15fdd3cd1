package providerapi

import (
	"net/url"
	"strconv"
	"strings"

	"efir/internal/commerce"
	"efir/internal/httpx"
	"efir/internal/identity"
	"efir/internal/store"
)

// maxFilterValues bounds the values of one list filter.
const maxFilterValues = 100

// listFilter splits a comma-separated filter ("" when absent).
func listFilter(q url.Values, name string) ([]string, error) {
	var out []string
	for _, v := range strings.Split(q.Get(name), ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	if len(out) > maxFilterValues {
		return nil, httpx.Invalid(name, "providerapi_filter_too_long")
	}
	return out, nil
}

// userSets are the user list's filters kept by other areas: tags (ids or
// shortnames of the operator's tags: a subscriber with any of them), and
// subscriptions (packet ids: a subscription to any of them) within
// date_from and date_to (a subscription giving its packet at some moment
// between them; either alone means any packet).
func userSets(q url.Values, providerID int64) ([]identity.UserSet, error) {
	var sets []identity.UserSet
	tags, err := listFilter(q, "tags")
	if err != nil {
		return nil, err
	}
	if len(tags) > 0 {
		var ids []any
		var names []any
		for _, t := range tags {
			if id, err := strconv.ParseInt(t, 10, 64); err == nil && id > 0 {
				ids = append(ids, id)
			} else {
				names = append(names, strings.ToLower(t))
			}
		}
		sql := `SELECT l.user_id FROM subscriber_tag_links l JOIN subscriber_tags t ON t.id = l.tag_id
			WHERE t.provider_id = ? AND (t.id IN (` + store.InList(max(len(ids), 1)) + `) OR t.shortname IN (` +
			store.InList(max(len(names), 1)) + `))`
		args := []any{providerID}
		args = append(args, orNothing(ids)...)
		args = append(args, orNothing(names)...)
		sets = append(sets, identity.UserSet{SQL: sql, Args: args})
	}
	packets, err := listFilter(q, "subscriptions")
	if err != nil {
		return nil, err
	}
	var packetIDs []int64
	for _, p := range packets {
		id, err := strconv.ParseInt(p, 10, 64)
		if err != nil || id <= 0 {
			return nil, httpx.Invalid("subscriptions", "providerapi_filter_packets")
		}
		packetIDs = append(packetIDs, id)
	}
	var from, to int64
	if q.Has("date_from") {
		v := httpx.Text(q.Get("date_from"))
		if from, err = moment(&v, "date_from"); err != nil {
			return nil, err
		}
	}
	if q.Has("date_to") {
		v := httpx.Text(q.Get("date_to"))
		if to, err = moment(&v, "date_to"); err != nil {
			return nil, err
		}
	}
	if len(packetIDs) > 0 || from > 0 || to > 0 {
		sql, args := commerce.SubscribersOfPackets(packetIDs, from, to)
		sets = append(sets, identity.UserSet{SQL: sql, Args: args})
	}
	return sets, nil
}

// orNothing is list, or one value no row has (an IN list is never empty).
func orNothing(list []any) []any {
	if len(list) == 0 {
		return []any{nil}
	}
	return list
}
