package main

import (
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"gopkg.in/yaml.v3"
)

// actionMetadata is the part of action.yml that GitHub reads and that
// actionlint does not check in the action itself.
type actionMetadata struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Branding    struct {
		Icon  string `yaml:"icon"`
		Color string `yaml:"color"`
	} `yaml:"branding"`
	Inputs map[string]struct {
		Description string  `yaml:"description"`
		Required    bool    `yaml:"required"`
		Default     *string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []struct {
			ID    string            `yaml:"id"`
			Name  string            `yaml:"name"`
			Uses  string            `yaml:"uses"`
			Run   string            `yaml:"run"`
			Shell string            `yaml:"shell"`
			With  map[string]string `yaml:"with"`
			If    string            `yaml:"if"`
			Env   map[string]string `yaml:"env"`
			Dir   string            `yaml:"working-directory"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

// TestActionMetadata checks the reusable action: a composite action whose
// run steps each name their shell (GitHub refuses one that does not, at
// the caller's run), whose expressions name only inputs it declares, and
// whose `cleanexit run` flags are flags cleanexit run has.
func TestActionMetadata(t *testing.T) {
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a actionMetadata
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	if a.Name == "" || a.Description == "" {
		t.Errorf("action.yml: name %q, description %q: GitHub wants both", a.Name, a.Description)
	}
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", a.Runs.Using)
	}
	for _, in := range []string{"corpus", "override", "filter", "reports"} {
		i, ok := a.Inputs[in]
		switch {
		case !ok:
			t.Errorf("no input %q", in)
		case i.Description == "" || i.Required || i.Default == nil:
			t.Errorf("input %q: want a description and a default, not required", in)
		}
	}
	for name, o := range a.Outputs {
		if o.Description == "" || o.Value == "" {
			t.Errorf("output %q: want a description and a value", name)
		}
	}
	if len(a.Runs.Steps) == 0 {
		t.Fatal("the action has no steps")
	}
	var runStep string
	for i, s := range a.Runs.Steps {
		switch {
		case (s.Uses == "") == (s.Run == ""):
			t.Errorf("step %d (%s): want one of uses and run", i, s.Name)
		case s.Run != "" && !slices.Contains([]string{"bash", "sh", "pwsh", "python"}, s.Shell):
			t.Errorf("step %d (%s): a composite action's run step must name its shell, not %q", i, s.Name, s.Shell)
		case s.Uses != "" && s.Shell != "":
			t.Errorf("step %d (%s): a uses step has no shell", i, s.Uses)
		case s.Uses != "" && !regexp.MustCompile(`^[\w.-]+/[\w.-]+@v\d+$`).MatchString(s.Uses):
			t.Errorf("step %d: %q: pin an action to its major version tag", i, s.Uses)
		}
		if s.ID == "run" {
			runStep = s.Run
		}
	}
	for _, m := range regexp.MustCompile(`inputs\.([\w-]+)`).FindAllStringSubmatch(string(data), -1) {
		if _, ok := a.Inputs[m[1]]; !ok {
			t.Errorf("action.yml uses inputs.%s, which it does not declare", m[1])
		}
	}
	if runStep == "" {
		t.Fatal("no step with id run")
	}
	if strings.Contains(runStep, "${{") {
		t.Error("the run step pastes an expression into its script: pass inputs through env")
	}
	var f runFlags
	fs := cmdflag.New("run", "", io.Discard)
	f.register(fs)
	flags := regexp.MustCompile(`(?:^|[\s(])--([a-z][\w-]*)`).FindAllStringSubmatch(runStep, -1)
	if len(flags) == 0 {
		t.Fatal("the run step passes cleanexit no flags")
	}
	for _, m := range flags {
		if fs.Lookup(m[1]) == nil {
			t.Errorf("the action passes --%s, which cleanexit run does not have", m[1])
		}
	}
}
