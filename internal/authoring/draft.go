package authoring

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"

	"github.com/cleanexit/cleanexit/internal/yamlmap"
	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"
)

// A Draft is a case being written, from what `new` is told or what
// `import` reads from a lit test. Its archive turns it into a case file.
type Draft struct {
	summary  string   // "" writes the summary placeholder
	story    []string // the opening comment, without "# "; nil writes the story template
	commands []string // the script; none runs the one .py file, as lit's RUN: %PYTHON %s
	files    []txtar.File

	links       []string
	python      []string
	packages    []string
	requires    []string
	unsupported []string
	xfail       []string
	exit        string            // "" leaves exit out (0); "crash" for lit's `not --crash`
	exitSignals []string          // exit as a list of signals, when exit is ""
	retries     int               // lit's ALLOW_RETRIES:
	env         map[string]string // the case's env
	moduleAlias map[string]string // module-alias: a test's module to the installed one
	variants    []draftVariant

	importedFrom string   // the lit test `import` read; "" for `new`
	notes        []string // what import carried over differently from lit, and why nothing was lost
}

// A draftVariant is a variant besides the default one.
type draftVariant struct {
	Name string
	Env  map[string]string
	Exit string // "" for the default's
}

// archive renders the draft as a case file: the story and the script, a
// case.yaml with every key the draft was given in canonical form, and the
// files.
func (d *Draft) archive() ([]byte, error) {
	var script bytes.Buffer
	story := d.story
	if story == nil {
		story = storyTemplate
	}
	for _, l := range story {
		script.WriteString(strings.TrimRight("# "+l, " ") + "\n")
	}
	for _, c := range d.commands {
		script.WriteString(c + "\n")
	}
	yml, err := d.caseYAML()
	if err != nil {
		return nil, err
	}
	ar := &txtar.Archive{Comment: script.Bytes()}
	ar.Files = append(ar.Files, txtar.File{Name: "case.yaml", Data: yml})
	ar.Files = append(ar.Files, d.files...)
	return txtar.Format(ar), nil
}

// caseYAML writes the keys the draft holds, in caseKeyOrder.
func (d *Draft) caseYAML() ([]byte, error) {
	summary := d.summary
	if summary == "" {
		summary = summaryPlaceholder + " what broke, in one line"
	}
	root := &yaml.Node{Kind: yaml.MappingNode}
	add := func(key string, value *yaml.Node) {
		root.Content = append(root.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, value)
	}
	add("summary", str(summary))
	add("links", list(d.links))
	if len(d.python) == 1 {
		add("python", str(d.python[0]))
	} else if len(d.python) > 1 {
		add("python", list(d.python))
	}
	for _, kv := range []struct {
		key    string
		values []string
	}{{"requires", d.requires}, {"unsupported", d.unsupported}, {"packages", d.packages}, {"xfail", d.xfail}} {
		if len(kv.values) > 0 {
			add(kv.key, list(kv.values))
		}
	}
	if d.exit != "" {
		add("exit", str(d.exit))
	} else if len(d.exitSignals) > 0 {
		n := list(d.exitSignals)
		n.Style = yaml.FlowStyle
		add("exit", n)
	}
	if d.retries > 0 {
		add("retries", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(d.retries)})
	}
	if len(d.env) > 0 {
		add("env", mapping(d.env))
	}
	if len(d.moduleAlias) > 0 {
		add("module-alias", mapping(d.moduleAlias))
	}
	if len(d.variants) > 0 {
		vs := &yaml.Node{Kind: yaml.MappingNode}
		for _, v := range d.variants {
			body := &yaml.Node{Kind: yaml.MappingNode}
			if len(v.Env) > 0 {
				body.Content = append(body.Content, str("env"), mapping(v.Env))
			}
			if v.Exit != "" {
				body.Content = append(body.Content, str("exit"), str(v.Exit))
			}
			sortMapping(body, caseKeyOrder)
			vs.Content = append(vs.Content, str(v.Name), body)
		}
		add("variants", vs)
	}
	sortMapping(root, caseKeyOrder)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}}); err != nil {
		return nil, err
	}
	return b.Bytes(), enc.Close()
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// mapping is a flow mapping in key order: env: {FIXFLAG: -DFIX}.
func mapping(m map[string]string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		n.Content = append(n.Content, str(k), str(m[k]))
	}
	return n
}

// list is a block list, or [] when empty, so that the key is there to fill.
func list(values []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	if len(values) == 0 {
		n.Style = yaml.FlowStyle
	}
	for _, v := range values {
		n.Content = append(n.Content, str(v))
	}
	return n
}

// caseNameRE is how cases and projects are named: lowercase words joined
// by '-' (or '.', '_' where upstream names use them), so that IDs read the
// same in a URL, a --filter and a file system that ignores case.
var caseNameRE = lazyregexp.New(`^[a-z0-9][a-z0-9._-]*$`)

// CasePath checks a PROJECT/NAME case ID and returns its file under the
// corpus root.
func CasePath(corpusRoot, id string) (string, error) {
	project, name, ok := strings.Cut(strings.Trim(id, "/"), "/")
	if !ok || strings.Contains(name, "/") {
		return "", fmt.Errorf("%q: want PROJECT/NAME, e.g. mlir/context-shutdown", id)
	}
	name = strings.TrimSuffix(name, ".txtar")
	for _, part := range []string{project, name} {
		if !caseNameRE.MatchString(part) {
			return "", fmt.Errorf("%q: %q is not a case name: use lowercase letters, digits and '-' (e.g. context-shutdown)", id, part)
		}
	}
	return filepath.Join(corpusRoot, project, name+".txtar"), nil
}

// WriteNew writes the draft as a new case file, creating the project's
// folder. It never replaces an existing case.
func WriteNew(file string, d *Draft) error {
	data, err := d.archive()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		return err
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if os.IsExist(err) {
		return fmt.Errorf("%s already exists; edit it, or choose another name", file)
	} else if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// nameFromFile is the case name a repro's file name suggests:
// context_shutdown.py is context-shutdown.
func nameFromFile(file string) string {
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	return strings.ToLower(strings.ReplaceAll(base, "_", "-"))
}

// newDraft is the draft `new` starts from: each repro (a .py file, named
// by its path) run by an explicit `python FILE`, in the order given, or,
// with none, a stub to replace.
func newDraft(repros []txtar.File) (*Draft, error) {
	if len(repros) == 0 {
		return &Draft{
			commands: []string{"python repro.py"},
			files:    []txtar.File{{Name: "repro.py", Data: []byte(reproStub)}},
		}, nil
	}
	d := &Draft{}
	from := map[string]string{}
	for _, r := range repros {
		name := filepath.Base(r.Name)
		if filepath.Ext(name) != ".py" {
			return nil, fmt.Errorf("--from %s: want the Python program that crashes (a .py file); add sources it builds to the archive by hand, with a build-ext line", r.Name)
		}
		if prev, ok := from[name]; ok {
			return nil, fmt.Errorf("--from %s: the case already has a %s (from %s); rename one", r.Name, name, prev)
		}
		from[name] = r.Name
		d.commands = append(d.commands, "python "+name)
		d.files = append(d.files, txtar.File{Name: name, Data: r.Data})
	}
	return d, nil
}

// sortMapping orders a mapping node's key/value pairs by order, keeping
// the given order among keys of equal rank.
func sortMapping(n *yaml.Node, order []string) {
	type pair struct{ k, v *yaml.Node }
	pairs := make([]pair, 0, len(n.Content)/2)
	for k, v := range yamlmap.Entries(n) {
		pairs = append(pairs, pair{k, v})
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		return keyRank(order, pairs[i].k.Value) < keyRank(order, pairs[j].k.Value)
	})
	for i, p := range pairs {
		n.Content[2*i], n.Content[2*i+1] = p.k, p.v
	}
}
