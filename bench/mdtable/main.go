// Command mdtable turns benchstat's CSV output into Markdown tables, one per
// unit, for bench/README.md:
//
//	benchstat -format csv -col '/lib@(temoto crawlkit)' results.txt | go run ./mdtable
//
// Each cell is the median and benchstat's 95% confidence interval around it
// (±); each library after the first gets a column with the ratio of its median
// to the first library's, benchstat's change and its p-value.
package main

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("mdtable: ")
	out := bufio.NewWriter(os.Stdout)
	if err := convert(os.Stdin, out); err != nil {
		log.Fatal(err)
	}
	if err := out.Flush(); err != nil {
		log.Fatal(err)
	}
}

// column is one library's place in a section of benchstat's CSV.
type column struct {
	lib         string
	value, ci   int // field indexes of the median and its interval
	delta, pval int // field indexes of "vs base" and "P", or -1
}

// section is one unit's table.
type section struct {
	unit string
	cols []column
	rows [][]string
}

func convert(r io.Reader, w io.Writer) error {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	var (
		sections []*section
		libs     []string // the header row naming the libraries
		cur      *section
	)
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch {
		case len(rec) < 2:
			// A configuration line such as "goos: linux".
		case rec[0] == "" && libs == nil:
			libs = rec
		case rec[0] == "":
			cur = newSection(libs, rec)
			sections = append(sections, cur)
			libs = nil
		case cur != nil:
			cur.rows = append(cur.rows, rec)
		}
	}
	for _, s := range sections {
		s.write(w)
	}
	return nil
}

func newSection(libs, units []string) *section {
	s := &section{}
	for i := 1; i < len(units); i++ {
		switch units[i] {
		case "CI":
			s.cols[len(s.cols)-1].ci = i
		case "vs base":
			s.cols[len(s.cols)-1].delta = i
		case "P":
			s.cols[len(s.cols)-1].pval = i
		default:
			s.unit = units[i]
			lib := ""
			if i < len(libs) {
				lib = libs[i]
			}
			s.cols = append(s.cols, column{lib: lib, value: i, ci: -1, delta: -1, pval: -1})
		}
	}
	return s
}

// procSuffix is the GOMAXPROCS suffix go test adds to benchmark names.
var procSuffix = regexp.MustCompile(`-\d+$`)

func (s *section) write(w io.Writer) {
	fmt.Fprintf(w, "| %s |", s.unit)
	for i, c := range s.cols {
		fmt.Fprintf(w, " %s |", c.lib)
		if i > 0 {
			fmt.Fprintf(w, " %s vs %s |", c.lib, s.cols[0].lib)
		}
	}
	fmt.Fprint(w, "\n|---|")
	for i := range s.cols {
		fmt.Fprint(w, "--:|")
		if i > 0 {
			fmt.Fprint(w, "--:|")
		}
	}
	fmt.Fprintln(w)
	for _, row := range s.rows {
		if row[0] == "geomean" {
			continue // mixes unlike workloads; not worth a row
		}
		fmt.Fprintf(w, "| %s |", procSuffix.ReplaceAllString(row[0], ""))
		base := field(row, s.cols[0].value)
		for i, c := range s.cols {
			v := field(row, c.value)
			cell := ""
			if v != "" {
				cell = s.format(v)
				if ci := field(row, c.ci); ci != "" {
					cell += " ± " + ci
				}
			}
			fmt.Fprintf(w, " %s |", cell)
			if i > 0 {
				fmt.Fprintf(w, " %s |", ratio(base, v, field(row, c.delta), field(row, c.pval)))
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

func field(row []string, i int) string {
	if i < 0 || i >= len(row) {
		return ""
	}
	return strings.TrimSpace(row[i])
}

// ratio describes v against base: the ratio of the medians, then
// benchstat's change and p-value ("~" when it finds no difference).
func ratio(base, v, delta, p string) string {
	b, err1 := strconv.ParseFloat(base, 64)
	x, err2 := strconv.ParseFloat(v, 64)
	if err1 != nil || err2 != nil {
		return ""
	}
	r := "n/a"
	if b != 0 {
		r = fmt.Sprintf("%.3g×", x/b)
	} else if x == 0 {
		r = "same"
	}
	if delta != "" {
		r += " (" + delta
		if p != "" {
			r += ", " + strings.Fields(p)[0]
		}
		r += ")"
	}
	return r
}

// format writes a median in a unit people read at a glance.
func (s *section) format(v string) string {
	x, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return v
	}
	switch s.unit {
	case "sec/op":
		return scaled(x, []string{"s", "ms", "µs", "ns"}, 1000, true)
	case "B/s":
		return fmt.Sprintf("%.1f MB/s", x/1e6)
	case "B/op", "live-B":
		return scaled(x, []string{"B", "KiB", "MiB", "GiB"}, 1024, false)
	case "allocs/op":
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', 4, 64)
}

// scaled writes x with the largest unit that keeps it at least 1: units are
// in increasing order of size when down is false, decreasing when true.
func scaled(x float64, units []string, step float64, down bool) string {
	if x == 0 {
		return "0"
	}
	i := 0
	if down {
		for i < len(units)-1 && math.Abs(x) < 1 {
			x *= step
			i++
		}
	} else {
		for i < len(units)-1 && math.Abs(x) >= step {
			x /= step
			i++
		}
	}
	return strconv.FormatFloat(x, 'f', decimals(x), 64) + " " + units[i]
}

func decimals(x float64) int {
	switch x = math.Abs(x); {
	case x >= 100:
		return 0
	case x >= 10:
		return 1
	}
	return 2
}
