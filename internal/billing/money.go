package billing

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
)

// roundDiv is num / den rounded half up (away from zero for negative num,
// so a credit note is the exact negation of what it credits); den > 0.
func roundDiv(num, den int64) int64 {
	if num < 0 {
		return -roundDiv(-num, den)
	}
	return (2*num + den) / (2 * den)
}

// vatOf is the VAT on net at rateBP basis points, rounded half up per line.
func vatOf(net int64, rateBP int) int64 { return roundDiv(net*int64(rateBP), 10000) }

// The VAT rates.
const (
	RateStandard = 2100 // Dutch VAT, 21 %
	RateReverse  = 0    // reverse charged
)

// Zone is the agency's time zone: periods, issue dates and due dates are
// its calendar days.
var Zone = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		panic("billing: no time zone data for Europe/Amsterdam: " + err.Error())
	}
	return loc
}()

// PaymentTermDays is the payment term of an invoice.
const PaymentTermDays = 14

var errPeriod = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidPeriod, Field: "period",
	Message: "A period is a month written as YYYY-MM, such as 2026-11."}

// month is a calendar month in Europe/Amsterdam: [Start, End).
type month struct {
	Period     string // YYYY-MM
	Start, End time.Time
	Days       int
}

func parsePeriod(s string) (month, error) {
	t, err := time.ParseInLocation("2006-01", strings.TrimSpace(s), Zone)
	if err != nil || t.Year() < 2000 || t.Year() > 9999 {
		return month{}, errPeriod
	}
	return monthOf(t), nil
}

// monthOf is the month holding t (in Europe/Amsterdam).
func monthOf(t time.Time) month {
	t = t.In(Zone)
	start := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, Zone)
	end := start.AddDate(0, 1, 0)
	return month{Period: start.Format("2006-01"), Start: start, End: end, Days: end.AddDate(0, 0, -1).Day()}
}

// day is t's calendar date in Europe/Amsterdam, as YYYY-MM-DD.
func day(t time.Time) string { return t.In(Zone).Format(time.DateOnly) }

// addDays is the date d (YYYY-MM-DD) plus n days.
func addDays(d string, n int) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

// currencySymbols are written with a symbol; other currencies with their code.
var currencySymbols = map[string]string{"EUR": "€", "USD": "$", "GBP": "£"}

// formatMoney writes cents as an invoice prints it: "€ 1,234.50" in
// English, "€ 1.234,50" in Dutch; negative as "€ -12.00".
func formatMoney(cents int64, currency, lang string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	group, decimal := ",", "."
	if lang == "nl" {
		group, decimal = ".", ","
	}
	whole := strconv.FormatInt(cents/100, 10)
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + group + whole[i:]
	}
	number := fmt.Sprintf("%s%s%s%02d", sign, whole, decimal, cents%100)
	symbol, ok := currencySymbols[currency]
	if !ok {
		symbol = currency
	}
	return symbol + "\u00a0" + number
}

// formatMinutes writes seconds as minutes to one decimal ("612.5",
// "612,5" in Dutch; "10" for whole minutes).
func formatMinutes(seconds int64, lang string) string {
	tenths := roundDiv(seconds, 6) // seconds / 60 in tenths of a minute
	s := strconv.FormatInt(tenths/10, 10)
	if tenths%10 != 0 {
		sep := "."
		if lang == "nl" {
			sep = ","
		}
		s += sep + strconv.FormatInt(tenths%10, 10)
	}
	return s
}

// minutes is seconds / 60 to one decimal, as a number.
func minutes(seconds int64) float64 { return float64(roundDiv(seconds, 6)) / 10 }
