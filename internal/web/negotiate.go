package web

import (
	"strconv"
	"strings"
)

// negotiateEncoding picks "br", "gzip" or "" (identity) for an
// Accept-Encoding header, given which variants exist. The highest q-value
// wins; on a tie brotli is preferred because it is smaller. q=0 means
// "not acceptable" and is respected, also through "*;q=0".
func negotiateEncoding(header string, haveBr, haveGzip bool) string {
	if header == "" || (!haveBr && !haveGzip) {
		return ""
	}
	qBr, qGzip := acceptQ(header, "br"), acceptQ(header, "gzip")
	switch {
	case haveBr && qBr > 0 && (!haveGzip || qBr >= qGzip):
		return "br"
	case haveGzip && qGzip > 0:
		return "gzip"
	}
	return ""
}

// acceptQ returns the q-value the header gives coding: its own entry if
// present, else the "*" entry, else 0.
func acceptQ(header, coding string) float64 {
	q, wildcard := -1.0, -1.0
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != coding && name != "*" {
			continue
		}
		v := parseQ(params)
		if name == coding {
			q = v
		} else {
			wildcard = v
		}
	}
	switch {
	case q >= 0:
		return q
	case wildcard >= 0:
		return wildcard
	}
	return 0
}

// parseQ reads "q=0.5" from an entry's parameters; absent or unreadable
// means 1, as the spec says a missing weight is 1.
func parseQ(params string) float64 {
	for p := range strings.SplitSeq(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 1 {
				return f
			}
		}
	}
	return 1
}

// etagMatches implements If-None-Match with the weak comparison RFC 9110
// asks for: "*" or any listed tag equal to etag, ignoring a W/ prefix.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}
