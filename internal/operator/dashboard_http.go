package operator

import (
	"net/http"
	"net/url"
	"strconv"

	"efir/internal/httpx"
)

// The dashboard: viewers watching now, and series over time for charts
// (dashboard.read; the revenue only with money.read).

func (s *Service) handleDashboardNow(w http.ResponseWriter, r *http.Request) error {
	out, err := watchingNow(r.Context(), s.db, sessionFrom(r.Context()).ProviderID, s.now())
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// SeriesPoint is one bucket of the dashboard's series, starting at Start
// (unix seconds). Revenue is left out for a role that does not read money;
// watch hours are given by day.
type SeriesPoint struct {
	Start               int64         `json:"start"`
	SignUps             int64         `json:"sign_ups"`
	Revenue             *[]Money      `json:"revenue,omitempty"`
	ActiveSubscriptions []PacketCount `json:"active_subscriptions"`
	Churn               int64         `json:"churn"`
	WatchHours          *float64      `json:"watch_hours,omitempty"`
}

// DashboardSeries is GET /v2/operator/dashboard/series. The counts are as
// of CountedAt (unix seconds): they are counted ahead, every minute.
type DashboardSeries struct {
	Bucket    string        `json:"bucket"`
	From      int64         `json:"from"`
	To        int64         `json:"to"`
	CountedAt int64         `json:"counted_at"`
	Points    []SeriesPoint `json:"points"`
}

func (s *Service) handleDashboardSeries(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := sessionFrom(ctx)
	now := s.now().Unix()
	name, b, err := parseBuckets(r.URL.Query(), now)
	if err != nil {
		return err
	}
	counts, err := readSeries(ctx, s.db, sess.ProviderID, name, b, now)
	if err != nil {
		return err
	}
	var hours []float64
	if name == "day" {
		if hours, err = watchHours(ctx, s.db, sess.ProviderID, b); err != nil {
			return err
		}
	}
	money := sess.Member.Role.Can(PermMoney)
	out := DashboardSeries{Bucket: name, From: b.from, To: b.to(), CountedAt: counts.countedAt, Points: make([]SeriesPoint, b.n)}
	for i := range out.Points {
		p := SeriesPoint{Start: b.from + int64(i)*b.size, SignUps: counts.signUps[i], ActiveSubscriptions: counts.active[i],
			Churn: counts.churn[i]}
		if money {
			m := counts.revenue[i]
			if m == nil {
				m = []Money{}
			}
			p.Revenue = &m
		}
		if hours != nil {
			p.WatchHours = &hours[i]
		}
		out.Points[i] = p
	}
	httpx.OK(w, out)
	return nil
}

// parseBuckets reads bucket (day, the default, or hour) and the range from
// .. to (unix seconds; to defaults to now, from to a month of days or two
// days of hours before to), widened to whole buckets (UTC) and at most
// maxBuckets of them.
func parseBuckets(q url.Values, now int64) (string, buckets, error) {
	name := q.Get("bucket")
	if name == "" {
		name = "day"
	}
	unit, ok := bucketSizes[name]
	if !ok {
		return "", buckets{}, httpx.Invalid("bucket", "operator_bucket_invalid")
	}
	to, err := timeParam(q, "to", now)
	if err != nil {
		return "", buckets{}, err
	}
	from, err := timeParam(q, "from", max(to-unit.span, 0))
	if err != nil {
		return "", buckets{}, err
	}
	if to <= from {
		return "", buckets{}, httpx.Invalid("to", "operator_range_invalid")
	}
	from -= from % unit.size
	to += (unit.size - to%unit.size) % unit.size
	n := (to - from) / unit.size
	if n > maxBuckets {
		return "", buckets{}, httpx.Invalid("from", "operator_range_too_long")
	}
	return name, buckets{from: from, size: unit.size, n: int(n)}, nil
}

// timeParam reads unix seconds (0 up to the year 9999), def when absent.
func timeParam(q url.Values, name string, def int64) (int64, error) {
	v := q.Get(name)
	if v == "" {
		return def, nil
	}
	t, err := strconv.ParseInt(v, 10, 64)
	if err != nil || t < 0 || t > 253402300799 {
		return 0, httpx.Invalid(name, "operator_time_invalid")
	}
	return t, nil
}
