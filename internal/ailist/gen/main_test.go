package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repo makes a git repository in a new directory with the files, committed
// on the given date, and returns its path.
func repo(t *testing.T, files map[string]string, date string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"init", "--quiet"},
		{"add", "."},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "snapshot"},
	} {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_COMMITTER_DATE="+date, "GIT_AUTHOR_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v: %s", strings.Join(args, " "), err, out)
		}
	}
	return dir
}

// TestGen refreshes a snapshot from a local clone: it writes robots.json
// and LICENSE as committed and snapshot.go with the commit and its date in
// UTC; a robots.json that does not read writes nothing.
func TestGen(t *testing.T) {
	list := `{"GPTBot": {"operator": "OpenAI", "function": "LLM training.", "description": "x"}}`
	src := repo(t, map[string]string{"robots.json": list, "LICENSE": "MIT License\n"}, "2026-08-22T23:30:00-02:00")
	out := t.TempDir()
	if err := run(src, "HEAD", out); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"robots.json": list, "LICENSE": "MIT License\n"} {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	commit, err := exec.Command("git", "-C", src, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	snap, err := os.ReadFile(filepath.Join(out, "snapshot.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"// Code generated", "package ailist",
		`Commit = "` + strings.TrimSpace(string(commit)) + `"`,
		`Date   = "2026-08-23"`, // 23:30 at UTC-2 is the next day in UTC
		`Source = "https://github.com/ai-robots-txt/ai.robots.txt"`,
	} {
		if !strings.Contains(string(snap), want) {
			t.Errorf("snapshot.go has no %q:\n%s", want, snap)
		}
	}

	bad := repo(t, map[string]string{"robots.json": `{"a": "b"}`, "LICENSE": "MIT License\n"}, "2026-08-22T10:00:00Z")
	empty := t.TempDir()
	if err := run(bad, "HEAD", empty); err == nil || !strings.Contains(err.Error(), "ailist:") {
		t.Errorf("a robots.json that does not read: %v", err)
	}
	if entries, _ := os.ReadDir(empty); len(entries) != 0 {
		t.Errorf("a robots.json that does not read wrote %d files", len(entries))
	}
	if err := run(t.TempDir(), "HEAD", empty); err == nil {
		t.Error("a directory that is no clone: no error")
	}
}
