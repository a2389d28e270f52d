package main

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeCommands runs each "go run ./cmd/robots" command of the README
// and checks that the README shows its output as printed, in the next
// ```text block. The first is the "Try it" command: .ci/run runs it too,
// and it must exit with status 1 and write nothing to standard error.
func TestReadmeCommands(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "go run ./cmd/robots "
	text := string(readme)
	n := 0
	for {
		i := strings.Index(text, "\n"+prefix)
		if i < 0 {
			break
		}
		text = text[i+1:]
		line, _, _ := strings.Cut(text, "\n")
		args := strings.Fields(strings.TrimPrefix(line, prefix))
		_, block, ok := strings.Cut(text, "```text\n")
		block, _, ok2 := strings.Cut(block, "```")
		if !ok || !ok2 {
			t.Fatalf("README: no ```text block after %q", line)
		}
		for i, a := range args {
			if strings.HasPrefix(a, "testdata/") {
				args[i] = "../../" + a // the README runs from the repository root
			}
		}
		got := runTool(t, nil, args...)
		stdout := strings.ReplaceAll(got.stdout, "../../testdata/", "testdata/")
		if stdout != block {
			t.Errorf("README shows for %q:\n%s\nthe command prints:\n%s", line, block, stdout)
		}
		if n == 0 && (got.status != 1 || got.stderr != "") {
			t.Errorf("%q = %d, stderr %q; the README says it exits with status 1", line, got.status, got.stderr)
		}
		n++
	}
	if n < 4 {
		t.Errorf("README has %d commands %q..., want the first in Try it, and check, lint and diff", n, prefix)
	}
}

// TestReadmeJSONSchemas checks that the README gives each command's JSON
// schema as its help does.
func TestReadmeJSONSchemas(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"check", "lint", "show", "diff", "url", "page", "usage", "ai"} {
		help := lookup(name).help
		const intro = "JSON (-json), one object; every field is always present:\n\n"
		_, schema, ok := strings.Cut(help, intro)
		schema, _, _ = strings.Cut(schema, "\n\n")
		if !ok {
			t.Errorf("help of %s has no %q", name, intro)
			continue
		}
		schema = strings.ReplaceAll("\n"+schema, "\n\t", "\n")[1:]
		want := "`robots " + name + " -json`:\n\n```jsonc\n" + schema + "\n```\n"
		if !strings.Contains(string(readme), want) {
			t.Errorf("README does not give the JSON schema of %s as its help does:\n%s", name, want)
		}
	}
}

// TestSynopses checks that the README's "The robots command" section and
// the package comment give the commands' usage lines as their helps do
// ("robots help" takes its own from the helps).
func TestSynopses(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## The robots command\n")
	_, block, ok2 := strings.Cut(section, "```text\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README: no ```text block in \"The robots command\"")
	}
	if want := synopses(""); block != want {
		t.Errorf("README gives the usage lines\n%s\nthe helps give\n%s", block, want)
	}

	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	if want := "// Usage:\n//\n" + synopses("//\t") + "//\n"; !strings.Contains(string(src), want) {
		t.Errorf("the package comment does not give the usage lines as the helps do:\n%s", want)
	}
	if want := "Usage:\n\n" + synopses("\t") + "\n"; !strings.Contains(usage, want) {
		t.Errorf("robots help does not give the usage lines as the helps do:\n%s", want)
	}
	for _, rule := range []string{"429", "timeout"} {
		for name, text := range map[string]string{"README": section, "robots help": usage, "help of check": checkHelp} {
			if !strings.Contains(text, rule) {
				t.Errorf("%s does not say what a %s does to a fetch", name, rule)
			}
		}
	}
}

// TestReadmeAIExcerpt checks the README's excerpt of "robots ai
// testdata/ai-crawlers.txt": each of its lines but "…" is a line of the real
// output, in the same order, and the first and last lines are the
// output's.
func TestReadmeAIExcerpt(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "`robots ai testdata/ai-crawlers.txt`")
	_, block, ok2 := strings.Cut(rest, "```text\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README: no ```text block after `robots ai testdata/ai-crawlers.txt`")
	}
	got := runTool(t, nil, "ai", "../../testdata/ai-crawlers.txt")
	out := strings.Split(strings.TrimSuffix(got.stdout, "\n"), "\n")
	want := strings.Split(strings.TrimSuffix(block, "\n"), "\n")
	if want[0] != out[0] || want[len(want)-1] != out[len(out)-1] {
		t.Errorf("README's excerpt goes from %q to %q; the output from %q to %q", want[0], want[len(want)-1], out[0], out[len(out)-1])
	}
	i := 0
	for _, w := range want {
		if w == "…" {
			continue
		}
		for i < len(out) && out[i] != w {
			i++
		}
		if i == len(out) {
			t.Errorf("README's excerpt has %q, which is not in the output (or not in its order):\n%s", w, got.stdout)
			return
		}
		i++
	}
}
