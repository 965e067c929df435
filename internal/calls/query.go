package calls

import (
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// Periods of the call lists (?period=): a calendar month, the last days up
// to today, a custom range of days, or every call (the console only).
// Days are the buyer's (the tz of the request).
const (
	PeriodMonth     = "month"      // this calendar month (the buyer's default)
	PeriodLastMonth = "last-month" // the calendar month before
	Period7Days     = "7d"         // the last 7 days, today included
	Period30Days    = "30d"
	Period90Days    = "90d"
	PeriodCustom    = "custom" // from … to, both days included
	PeriodAll       = "all"    // every call (the console's default)
)

// MaxSearchLength is the longest search, in characters after cleaning.
const MaxSearchLength = 200

// MaxCustomDays is the longest custom period.
const MaxCustomDays = 366

// Filter is a call list's query parameters as they came: the period
// (period, from, to, in tz), outcome, direction, goal and q, named as in
// the URL (see FilterFrom). Empty ones select everything.
type Filter struct {
	Period, From, To, TZ     string
	Outcome, Direction, Goal string
	Q                        string
	// Data are the call data filters, the data.<name>=<value> parameters
	// URL-encoded (a string keeps a Filter comparable), read against the
	// order's fields by calldata.ParseFilters.
	Data string
}

// dataQuery is f's call data parameters (a Data that is not a query is
// none: FilterFrom writes it).
func (f Filter) dataQuery() map[string][]string {
	v, _ := url.ParseQuery(f.Data)
	return v
}

// FilterFrom reads a Filter from a request's query.
func FilterFrom(v url.Values) Filter {
	f := Filter{Period: v.Get("period"), From: v.Get("from"), To: v.Get("to"), TZ: v.Get("tz"),
		Outcome: v.Get("outcome"), Direction: v.Get("direction"), Goal: v.Get("goal"), Q: v.Get("q")}
	data := url.Values{}
	for k, vals := range v {
		if strings.HasPrefix(k, "data.") {
			data[k] = vals
		}
	}
	f.Data = data.Encode()
	return f
}

// Period is the period a list or the agent page's figures cover.
type Period struct {
	Kind string `json:"kind" enum:"month,last-month,7d,30d,90d,custom,all"`
	// From and To are its first and last day (YYYY-MM-DD, in the page's
	// time zone, both included); "" for all.
	From string `json:"from"`
	To   string `json:"to"`
}

func invalid(field, msg string) error {
	return &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: field, Message: msg}
}

// bounds is a period as the store reads it: [from, to) in loc, and its days.
type bounds struct {
	period   Period
	from, to time.Time // zero for all
}

// readPeriod resolves f's period at now in loc; def is the period without one.
func readPeriod(f Filter, now time.Time, loc *time.Location, def string) (bounds, error) {
	kind := f.Period
	if kind == "" {
		kind = def
	}
	now = now.In(loc)
	y, m, d := now.Date()
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, loc) }
	var first, last time.Time // days, both included
	switch kind {
	case PeriodMonth:
		first, last = day(y, m, 1), day(y, m+1, 0)
	case PeriodLastMonth:
		first, last = day(y, m-1, 1), day(y, m, 0)
	case Period7Days, Period30Days, Period90Days:
		n := map[string]int{Period7Days: 7, Period30Days: 30, Period90Days: 90}[kind]
		first, last = day(y, m, d-n+1), day(y, m, d)
	case PeriodCustom:
		var err error
		if first, err = readDay(f.From, loc); err != nil {
			return bounds{}, invalid("from", "from must be a date such as 2026-11-01.")
		}
		if last, err = readDay(f.To, loc); err != nil {
			return bounds{}, invalid("to", "to must be a date such as 2026-11-30.")
		}
		if last.Before(first) {
			return bounds{}, invalid("to", "to must not be before from.")
		}
		if first.AddDate(0, 0, MaxCustomDays).Before(last.AddDate(0, 0, 1)) {
			return bounds{}, invalid("to", "A custom period is at most 366 days.")
		}
	case PeriodAll:
		if def != PeriodAll {
			return bounds{}, invalid("period", "period must be month, last-month, 7d, 30d, 90d or custom.")
		}
		return bounds{period: Period{Kind: PeriodAll}}, nil
	default:
		if def == PeriodAll {
			return bounds{}, invalid("period", "period must be all, month, last-month, 7d, 30d, 90d or custom.")
		}
		return bounds{}, invalid("period", "period must be month, last-month, 7d, 30d, 90d or custom.")
	}
	end := time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, loc)
	return bounds{period: Period{Kind: kind, From: first.Format(time.DateOnly), To: last.Format(time.DateOnly)}, from: first, to: end}, nil
}

func readDay(s string, loc *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation(time.DateOnly, s, loc)
	if err != nil || t.Year() < 2000 {
		return time.Time{}, errTZ // any error: the caller names the field
	}
	return t, nil
}

// readFilter reads f into the store's query at now: the period (def when
// f names none) in f's time zone, the filters and the search. A bad value
// is a 400 naming its parameter.
func readFilter(f Filter, now time.Time, def string) (store.CallQuery, bounds, *time.Location, error) {
	var q store.CallQuery
	loc, err := Location(f.TZ)
	if err != nil {
		return q, bounds{}, nil, err
	}
	b, err := readPeriod(f, now, loc, def)
	if err != nil {
		return q, bounds{}, nil, err
	}
	q.From, q.To = b.from, b.to
	switch f.Outcome {
	case "", store.OutcomeAnswered, store.OutcomeMissed, store.OutcomeFailed, store.OutcomePending:
		q.Outcome = f.Outcome
	default:
		return q, b, nil, invalid("outcome", "outcome must be answered, missed, failed or pending.")
	}
	switch f.Direction {
	case "", store.CallInbound, store.CallOutbound, store.CallWeb:
		q.Direction = f.Direction
	default:
		return q, b, nil, invalid("direction", "direction must be inbound, outbound or web.")
	}
	switch f.Goal {
	case "":
	case "yes", "no":
		g := f.Goal == "yes"
		q.Goal = &g
	default:
		return q, b, nil, invalid("goal", "goal must be yes or no.")
	}
	q.Search = strings.TrimSpace(text.OneLine(f.Q))
	if utf8.RuneCountInString(q.Search) > MaxSearchLength {
		return q, b, nil, invalid("q", "A search is at most 200 characters.")
	}
	return q, b, loc, nil
}
