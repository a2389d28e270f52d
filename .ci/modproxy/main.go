// Command modproxy publishes the modules of a checkout into a file-based
// module proxy, as the module proxy would serve them once tagged, so that a
// consumer can go get them with GOPROXY=file://DIR before any release.
//
//	modproxy [-unreleased DIR,...] -out PROXYDIR REPO
//
// It first checks the workspace of REPO (a git work tree with a go.work):
//
//   - no tracked go.mod has a replace directive (a dependency's replace
//     directives are ignored, so a published module cannot rely on one);
//   - go.work uses every module of the tree outside .ci/, and nothing else;
//   - every requirement of one workspace module on another names one
//     version, the release version, and go.work replaces exactly that
//     version of that module with its directory, and nothing else.
//
// Then it writes each module, except the -unreleased ones, at the release
// version: <module>/@v/list, .info, .mod and .zip, in the layout of the
// GOPROXY protocol (go help goproxy). The zip holds the module's tracked
// files as they are in the work tree, made by golang.org/x/mod/zip, the
// package the go command uses: files of nested modules and vendor
// directories are left out and invalid names refused as the go command
// does; a sub-module without a LICENSE gets the repository's, as the go
// command gives it when it builds a zip from a repository. It prints one
// line "module@version dir" for each module published, the root first.
//
// It is a module of its own so that the root module never requires
// golang.org/x/mod; it is built with GOWORK=off and is not part of the
// workspace.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	out := flag.String("out", "", "the directory to write the proxy into (created)")
	unreleased := flag.String("unreleased", "", "comma-separated module directories, relative to REPO, that are checked but not published")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: modproxy [-unreleased DIR,...] -out PROXYDIR REPO")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	var skip []string
	if *unreleased != "" {
		for _, dir := range strings.Split(*unreleased, ",") {
			skip = append(skip, path.Clean(dir))
		}
	}
	if err := run(flag.Arg(0), *out, skip); err != nil {
		fmt.Fprintln(os.Stderr, "modproxy:", err)
		os.Exit(1)
	}
}

// mod is one module of the tree.
type mod struct {
	dir  string // relative to the repository, slash-separated; "." for the root
	file *modfile.File
}

func (m mod) path() string { return m.file.Module.Mod.Path }

func run(repo, out string, unreleased []string) error {
	files, err := gitFiles(repo)
	if err != nil {
		return err
	}
	mods, err := readModules(repo, files)
	if err != nil {
		return err
	}
	version, err := checkWorkspace(repo, mods)
	if err != nil {
		return err
	}
	for _, dir := range unreleased {
		if !slices.ContainsFunc(mods, func(m mod) bool { return m.dir == dir }) {
			return fmt.Errorf("-unreleased %s: no module in that directory", dir)
		}
	}
	when, err := commitTime(repo)
	if err != nil {
		return err
	}
	for _, m := range mods {
		if slices.Contains(unreleased, m.dir) || inCI(m.dir) {
			continue
		}
		if err := publish(repo, out, m, version, when, files); err != nil {
			return err
		}
		fmt.Printf("%s@%s %s\n", m.path(), version, m.dir)
	}
	return nil
}

// gitFiles lists the tracked files of the work tree that exist in it,
// slash-separated and relative to its root.
func gitFiles(repo string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = repo
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files in %s: %w", repo, err)
	}
	var files []string
	for _, name := range strings.Split(string(b), "\x00") {
		if name == "" {
			continue
		}
		if _, err := os.Lstat(filepath.Join(repo, filepath.FromSlash(name))); errors.Is(err, os.ErrNotExist) {
			continue // deleted in the work tree
		}
		files = append(files, name)
	}
	return files, nil
}

// commitTime is the time of HEAD's commit, the time the .info files give.
func commitTime(repo string) (time.Time, error) {
	cmd := exec.Command("git", "log", "-1", "--format=%cI")
	cmd.Dir = repo
	b, err := cmd.Output()
	if err != nil {
		return time.Time{}, fmt.Errorf("git log in %s: %w", repo, err)
	}
	return time.Parse(time.RFC3339, strings.TrimSpace(string(b)))
}

// inCI says whether dir is under .ci/, where the CI's own tools live.
func inCI(dir string) bool { return dir == ".ci" || strings.HasPrefix(dir, ".ci/") }

// readModules parses every tracked go.mod, root first.
func readModules(repo string, files []string) ([]mod, error) {
	var mods []mod
	for _, name := range files {
		if path.Base(name) != "go.mod" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(name)))
		if err != nil {
			return nil, err
		}
		f, err := modfile.Parse(name, data, nil)
		if err != nil {
			return nil, err
		}
		if f.Module == nil {
			return nil, fmt.Errorf("%s: no module line", name)
		}
		mods = append(mods, mod{dir: path.Dir(name), file: f})
	}
	// The root first, then by directory.
	slices.SortFunc(mods, func(a, b mod) int {
		switch {
		case a.dir == b.dir:
			return 0
		case a.dir == ".":
			return -1
		case b.dir == ".":
			return 1
		}
		return strings.Compare(a.dir, b.dir)
	})
	if len(mods) == 0 || mods[0].dir != "." {
		return nil, errors.New("no go.mod at the root of the repository")
	}
	return mods, nil
}

// checkWorkspace checks go.work against the modules and returns the release
// version: the one version at which workspace modules require each other.
func checkWorkspace(repo string, mods []mod) (string, error) {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	for _, m := range mods {
		for _, r := range m.file.Replace {
			bad("%s: replace %s: a dependency's replace directives are ignored, so a published module cannot rely on one; put it in go.work", goMod(m.dir), r.Old.Path)
		}
	}

	data, err := os.ReadFile(filepath.Join(repo, "go.work"))
	if err != nil {
		return "", err
	}
	work, err := modfile.ParseWork("go.work", data, nil)
	if err != nil {
		return "", err
	}
	workspace := map[string]mod{} // by module path
	dirOf := map[string]string{}  // module path -> dir
	used := map[string]bool{}
	for _, u := range work.Use {
		used[path.Clean(filepath.ToSlash(u.Path))] = true
	}
	for _, m := range mods {
		dirOf[m.path()] = m.dir
		switch {
		case inCI(m.dir):
			if used[m.dir] {
				bad("go.work: use %s: a CI tool under .ci/ is built with GOWORK=off, outside the workspace", m.dir)
			}
		case !used[m.dir]:
			bad("go.work: no use %s: every module of the tree is in the workspace", m.dir)
		default:
			workspace[m.path()] = m
		}
		delete(used, m.dir)
	}
	for dir := range used {
		bad("go.work: use %s: no tracked go.mod there", dir)
	}

	// The requirements between workspace modules, and the versions go.work
	// replaces.
	type pv struct{ path, version string }
	required := map[pv][]string{} // -> the modules that require it
	versions := map[string]bool{}
	for _, m := range mods {
		for _, r := range m.file.Require {
			if _, ok := workspace[r.Mod.Path]; ok {
				k := pv{r.Mod.Path, r.Mod.Version}
				required[k] = append(required[k], m.dir)
				versions[r.Mod.Version] = true
			}
		}
	}
	replaced := map[pv]bool{}
	for _, r := range work.Replace {
		k := pv{r.Old.Path, r.Old.Version}
		replaced[k] = true
		dir, ok := dirOf[r.Old.Path]
		switch {
		case !ok || workspace[r.Old.Path].file == nil:
			bad("go.work: replace %s: not a module of the workspace", r.Old.Path)
		case r.Old.Version == "":
			bad("go.work: replace %s: give the version the other modules require", r.Old.Path)
		case required[k] == nil:
			bad("go.work: replace %s %s: no module requires that version", r.Old.Path, r.Old.Version)
		case r.New.Version != "" || path.Clean(strings.TrimPrefix(filepath.ToSlash(r.New.Path), "./")) != dir:
			bad("go.work: replace %s %s => %s: it must name the module's directory, %s", r.Old.Path, r.Old.Version, r.New.Path, dotSlash(dir))
		}
	}
	for k, by := range required {
		if !replaced[k] {
			bad("go.work: no replace %s %s => %s, which %s requires: a workspace reads the go.mod of the version required, so without it a clone needs a proxy that serves it",
				k.path, k.version, dotSlash(dirOf[k.path]), strings.Join(by, " and "))
		}
	}
	var version string
	switch len(versions) {
	case 0:
		bad("no module requires another: the release version cannot be told")
	case 1:
		for v := range versions {
			version = v
		}
		if module.CanonicalVersion(version) != version || module.IsPseudoVersion(version) {
			bad("the modules require each other at %s, not a release version (vX.Y.Z)", version)
		}
	default:
		bad("the modules require each other at different versions (%s): they are released together at one version", strings.Join(slices.Sorted(maps.Keys(versions)), ", "))
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return "", errors.New("the workspace is not ready to publish:\n\t" + strings.Join(problems, "\n\t"))
	}
	return version, nil
}

func goMod(dir string) string { return path.Join(dir, "go.mod") }

// dotSlash writes a module's directory as go.work does: ./ or ./dir.
func dotSlash(dir string) string {
	if dir == "." {
		return "./"
	}
	return "./" + dir
}

// publish writes m at version into the proxy at out.
func publish(repo, out string, m mod, version string, when time.Time, tracked []string) error {
	mv := module.Version{Path: m.path(), Version: version}
	escaped, err := module.EscapePath(mv.Path)
	if err != nil {
		return err
	}
	dir := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}

	var files []zip.File
	prefix := ""
	if m.dir != "." {
		prefix = m.dir + "/"
	}
	haveLicense := false
	for _, name := range tracked {
		if rel, ok := strings.CutPrefix(name, prefix); ok {
			files = append(files, osFile{name: rel, file: filepath.Join(repo, filepath.FromSlash(name))})
			haveLicense = haveLicense || rel == "LICENSE"
		}
	}
	if m.dir != "." && !haveLicense {
		if _, err := os.Stat(filepath.Join(repo, "LICENSE")); err == nil {
			files = append(files, osFile{name: "LICENSE", file: filepath.Join(repo, "LICENSE")})
		}
	}
	checked, err := zip.CheckFiles(files)
	if err != nil {
		return fmt.Errorf("%s: %w", mv, err)
	}
	var buf bytes.Buffer
	if err := zip.Create(&buf, mv, files); err != nil {
		return err
	}
	modData, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(goMod(m.dir))))
	if err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, when.UTC()})
	if err != nil {
		return err
	}
	base := filepath.Join(dir, version)
	for _, w := range []struct {
		name string
		data []byte
	}{
		{base + ".zip", buf.Bytes()},
		{base + ".mod", modData},
		{base + ".info", info},
		{filepath.Join(dir, "list"), []byte(version + "\n")},
	} {
		if err := os.WriteFile(w.name, w.data, 0o666); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "published %s: %d files, %d bytes zipped; %s\n",
		mv, len(checked.Valid), buf.Len(), omittedWhy(checked.Omitted))
	return nil
}

// omittedWhy counts the files left out of a zip by reason, as
// "12 files: file is in another module".
func omittedWhy(omitted []zip.FileError) string {
	var reasons []string
	count := map[string]int{}
	for _, fe := range omitted {
		reason := fe.Err.Error()
		if count[reason] == 0 {
			reasons = append(reasons, reason)
		}
		count[reason]++
	}
	if len(reasons) == 0 {
		return "none left out"
	}
	var parts []string
	for _, r := range reasons {
		parts = append(parts, fmt.Sprintf("%d left out: %s", count[r], r))
	}
	return strings.Join(parts, "; ")
}

// osFile is a file of the work tree, under its path in the module.
type osFile struct {
	name string // slash-separated, relative to the module's root
	file string // on disk
}

func (f osFile) Path() string                 { return f.name }
func (f osFile) Lstat() (os.FileInfo, error)  { return os.Lstat(f.file) }
func (f osFile) Open() (io.ReadCloser, error) { return os.Open(f.file) }
