package commerce

import "efir/internal/store"

// SubscribersOfPackets selects the users with a subscription to any of
// packetIDs (none given: any packet) that gives its packet at some moment
// between from and to (0: open on that side), ended ones included: a query
// of user ids and its arguments.
func SubscribersOfPackets(packetIDs []int64, from, to int64) (string, []any) {
	q := `SELECT user_id FROM subscriptions WHERE 1 = 1`
	var args []any
	if len(packetIDs) > 0 {
		q += ` AND packet_id IN (` + store.InList(len(packetIDs)) + `)`
		args = append(args, store.IDArgs(packetIDs)...)
	}
	if to > 0 {
		q += ` AND start_at <= ?`
		args = append(args, to)
	}
	if from > 0 {
		q += ` AND (end_at = 0 OR end_at >= ?)`
		args = append(args, from)
	}
	return q, args
}
