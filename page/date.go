package page

import (
	"strings"
	"time"
)

// This file reads the date of unavailable_after. Google takes a date in a
// widely adopted format, such as those of RFC 822, RFC 850 and ISO 8601,
// and ignores the rule when the date is not valid. parseDate reads
// these forms, with the weekday optional and ignored, names of months and
// weekdays in any case, and seconds optional:
//
//	25 Jun 2010 15:00:00 PST          RFC 822 (and RFC 1123's four-digit year)
//	Fri, 25 Jun 2010 15:00:00 -0800   RFC 822 with a weekday and a numeric zone
//	Friday, 25-Jun-10 15:00:00 PST    RFC 850
//	25-Aug-2007 15:00:00 EST          RFC 850 with a four-digit year (Google's example)
//	Fri Jun 25 15:00:00 2010          ANSI C asctime, in UTC (HTTP dates, RFC 9110 section 5.6.7)
//	2010-06-25                        ISO 8601 date, midnight UTC
//	2010-06-25T15:00:00-08:00         ISO 8601 date and time (also with a space for T,
//	                                  fractions of a second, Z, +hh, +hhmm)
//
// The zones are those of RFC 822 section 5.1: UT, GMT, Z, and the North
// American EST, EDT, CST, CDT, MST, MDT, PST, PDT, plus UTC and numeric
// offsets. Other names (CET, IST) are ambiguous or unknown and make the
// date invalid, since reading them as UTC would move the date by hours. A
// date without a zone is in UTC. A two-digit year is 1969 to 2068, as Go's
// time package reads one. Dates are returned in UTC.

// zones are the offsets, in hours, of the zone names read, in lower case.
var zones = map[string]int{
	"ut": 0, "utc": 0, "gmt": 0, "z": 0,
	"est": -5, "edt": -4,
	"cst": -6, "cdt": -5,
	"mst": -7, "mdt": -6,
	"pst": -8, "pdt": -7,
}

var months = [...]string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}

var weekdays = [...]string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}

// nameIndex returns the index of s in names, where s is a whole name or
// its first three letters, in any case; or -1.
func nameIndex(s string, names []string) int {
	if len(s) < 3 {
		return -1
	}
	s = lower(s)
	for i, n := range names {
		if s == n || s == n[:3] {
			return i
		}
	}
	return -1
}

// isWeekday reports whether s is the name of a weekday, whole or in three
// letters, in any case.
func isWeekday(s string) bool { return nameIndex(s, weekdays[:]) >= 0 }

// parseDate reads the date of an unavailable_after rule.
func parseDate(s string) (time.Time, bool) {
	s = trim(s)
	if len(s) >= 10 && digits(s[:4]) && s[4] == '-' {
		return parseISO(s)
	}
	return parseRFC(s)
}

// digits reports whether s is one or more ASCII digits.
func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// atoi returns the value of s, which is at most 9 ASCII digits.
func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// number returns the value of s when it is 1 to max ASCII digits.
func number(s string, max int) (int, bool) {
	if len(s) > max || !digits(s) {
		return 0, false
	}
	return atoi(s), true
}

// parseISO reads an ISO 8601 date, optionally followed by a time.
func parseISO(s string) (time.Time, bool) {
	if s[7] != '-' || !digits(s[5:7]) || !digits(s[8:10]) {
		return time.Time{}, false
	}
	year, month, day := atoi(s[:4]), atoi(s[5:7]), atoi(s[8:10])
	rest := s[10:]
	hour, min, sec, nsec, offset := 0, 0, 0, 0, 0
	if rest != "" {
		if c := rest[0]; c != 'T' && c != 't' && c != ' ' {
			return time.Time{}, false
		}
		rest = rest[1:]
		var ok bool
		if hour, min, sec, rest, ok = clock(rest); !ok {
			return time.Time{}, false
		}
		if rest != "" && (rest[0] == '.' || rest[0] == ',') {
			i := 1
			for i < len(rest) && '0' <= rest[i] && rest[i] <= '9' {
				i++
			}
			if i == 1 {
				return time.Time{}, false
			}
			frac := rest[1:i]
			if len(frac) > 9 {
				frac = frac[:9]
			}
			nsec = atoi(frac)
			for n := len(frac); n < 9; n++ {
				nsec *= 10
			}
			rest = rest[i:]
		}
		if offset, ok = zone(trim(rest)); !ok {
			return time.Time{}, false
		}
	}
	return date(year, month, day, hour, min, sec, nsec, offset)
}

// clock reads hh:mm or hh:mm:ss at the start of s, and returns what
// follows.
func clock(s string) (hour, min, sec int, rest string, ok bool) {
	if len(s) < 5 || s[2] != ':' || !digits(s[:2]) || !digits(s[3:5]) {
		return 0, 0, 0, "", false
	}
	hour, min, rest = atoi(s[:2]), atoi(s[3:5]), s[5:]
	if len(rest) >= 3 && rest[0] == ':' && digits(rest[1:3]) {
		sec, rest = atoi(rest[1:3]), rest[3:]
	}
	return hour, min, sec, rest, true
}

// zone returns the offset in seconds of a zone: "" (UTC), a name of
// zones, or +hh, +hhmm, +hh:mm and their '-' forms.
func zone(s string) (int, bool) {
	if s == "" {
		return 0, true
	}
	if h, ok := zones[lower(s)]; ok {
		return h * 3600, true
	}
	sign := 1
	switch s[0] {
	case '-':
		sign = -1
	case '+':
	default:
		return 0, false
	}
	s = s[1:]
	var h, m string
	switch {
	case len(s) == 2:
		h = s
	case len(s) == 4:
		h, m = s[:2], s[2:]
	case len(s) == 5 && s[2] == ':':
		h, m = s[:2], s[3:]
	default:
		return 0, false
	}
	if !digits(h) || m != "" && !digits(m) {
		return 0, false
	}
	hh, mm := atoi(h), 0
	if m != "" {
		mm = atoi(m)
	}
	if hh > 23 || mm > 59 {
		return 0, false
	}
	return sign * (hh*3600 + mm*60), true
}

// parseRFC reads the RFC 822, RFC 850 and asctime forms.
func parseRFC(s string) (time.Time, bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
	if len(f) > 0 && isWeekday(f[0]) {
		f = f[1:]
	}
	var day, month, year string
	var hour, min, sec int
	var rest string
	var ok bool
	var zoneName string
	switch {
	case len(f) >= 2 && strings.Count(f[0], "-") == 2:
		// RFC 850: 25-Jun-10 15:00:00 [zone]
		parts := strings.Split(f[0], "-")
		day, month, year = parts[0], parts[1], parts[2]
		if hour, min, sec, rest, ok = clock(f[1]); !ok || rest != "" {
			return time.Time{}, false
		}
		f = f[2:]
	case len(f) >= 4 && digits(f[0]):
		// RFC 822: 25 Jun 2010 15:00:00 [zone]
		day, month, year = f[0], f[1], f[2]
		if hour, min, sec, rest, ok = clock(f[3]); !ok || rest != "" {
			return time.Time{}, false
		}
		f = f[4:]
	case len(f) == 4:
		// asctime: Jun 25 15:00:00 2010, in UTC
		month, day, year = f[0], f[1], f[3]
		if hour, min, sec, rest, ok = clock(f[2]); !ok || rest != "" {
			return time.Time{}, false
		}
		f = f[4:]
	default:
		return time.Time{}, false
	}
	switch len(f) {
	case 0:
	case 1:
		zoneName = f[0]
	default:
		return time.Time{}, false
	}
	d, ok1 := number(day, 2)
	m := nameIndex(month, months[:])
	y, ok2 := number(year, 4)
	if !ok1 || m < 0 || !ok2 || len(year) == 3 || len(year) == 1 {
		return time.Time{}, false
	}
	if len(year) == 2 {
		if y >= 69 {
			y += 1900
		} else {
			y += 2000
		}
	}
	offset, ok := zone(zoneName)
	if !ok {
		return time.Time{}, false
	}
	return date(y, m+1, d, hour, min, sec, 0, offset)
}

// date returns the time given, in UTC, when each field is in its range and
// the day exists in its month.
func date(year, month, day, hour, min, sec, nsec, offset int) (time.Time, bool) {
	if month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || min > 59 || sec > 59 {
		return time.Time{}, false
	}
	t := time.Date(year, time.Month(month), day, hour, min, sec, nsec, time.FixedZone("", offset))
	if t.Day() != day {
		return time.Time{}, false // 31 June, 29 February 2010
	}
	return t.UTC(), true
}
