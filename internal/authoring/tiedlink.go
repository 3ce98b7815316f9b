package authoring

import (
	"net/url"
	"strings"

	"github.com/cleanexit/cleanexit/internal/yamlmap"
	"github.com/cleanexit/cleanexit/runner/cases"
	"gopkg.in/yaml.v3"
)

// tiedToLinkRule holds two claims a case makes to a link that backs them:
//
//   - an xfail says "this fails and that is known": it must point to where
//     the failure is tracked, or it becomes a place where regressions hide;
//   - a known-bad variant that installs its own packages says "this
//     upstream version is broken": a link must show it.
//
// A claim is backed when the case's links hold an upstream record (an
// issue, pull request, commit or bug-tracker entry), or when a comment on
// the claim itself holds a URL. A known-bad variant that installs nothing
// of its own breaks the case's own code (a build flag, an environment
// variable), and the case's links, documentation included, explain it.
func tiedToLinkRule(c *cases.Case, data []byte) cases.ErrorList {
	root, offset := caseYAMLRoot(data)
	if root == nil {
		return nil
	}
	recorded := false
	for _, l := range c.Links {
		if isUpstreamRecord(l) {
			recorded = true
		}
	}
	var errs cases.ErrorList
	claim := func(line int, where string, own *yaml.Node, msg string) {
		if recorded || hasURLComment(own) {
			return
		}
		errs = append(errs, &cases.Error{File: c.File, Line: line, Msg: where + msg})
	}
	const xfailMsg = "xfail needs a link: add the issue that tracks this expected failure to links:, or a \"# https://…\" comment on it"
	const badMsg = "known-bad and installs its own packages, so the case needs a link that shows this version is broken: an issue, pull request or commit in links:, or a \"# https://…\" comment on it"

	// The case itself, "default".
	if k, v := yamlmap.Lookup(root, "xfail"); k != nil && len(c.Variants[0].XFail) > 0 {
		claim(k.Line+offset, "", pair(k, v), xfailMsg)
	}
	if k, v := yamlmap.Lookup(root, "packages"); k != nil && c.Variants[0].KnownBad(c) {
		claim(k.Line+offset, "", pair(k, v), "the case is "+badMsg)
	}
	_, variants := yamlmap.Lookup(root, "variants")
	if variants == nil || variants.Kind != yaml.MappingNode {
		return errs
	}
	for k, body := range yamlmap.Entries(variants) {
		v := c.Variant(k.Value)
		if v == nil {
			continue
		}
		where := "variants: " + k.Value + ": "
		own := pair(k, body)
		if xk, _ := yamlmap.Lookup(body, "xfail"); xk != nil && len(v.XFail) > 0 {
			claim(k.Line+offset, where, own, xfailMsg)
		}
		if pk, _ := yamlmap.Lookup(body, "packages"); pk != nil && v.KnownBad(c) {
			claim(k.Line+offset, where, own, badMsg)
		}
	}
	return errs
}

// isUpstreamRecord reports whether a link names one bug's record rather
// than documentation: an issue, a pull or merge request, a commit, a
// review or a bug-tracker entry.
func isUpstreamRecord(link string) bool {
	u, err := url.Parse(link)
	if err != nil || u.Host == "" {
		return false
	}
	host, p := strings.ToLower(u.Host), strings.ToLower(u.Path)
	if strings.HasPrefix(host, "bugs.") || strings.HasPrefix(host, "bugzilla.") || strings.HasPrefix(host, "issues.") {
		return true
	}
	for _, seg := range []string{"/issues/", "/issue/", "/pull/", "/pulls/", "/merge_requests/", "/commit/", "/commits/", "/bug/", "/bugs/", "/tickets/", "/ticket/", "/changes/", "/+bug/"} {
		if strings.Contains(p+"/", seg) {
			return true
		}
	}
	return strings.Contains(p, "show_bug.cgi") || (host == "reviews.llvm.org" && strings.HasPrefix(u.Path, "/D"))
}

// hasURLComment reports whether any comment on or inside n holds a URL.
func hasURLComment(n *yaml.Node) bool {
	if n == nil {
		return false
	}
	for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
		if strings.Contains(c, "https://") || strings.Contains(c, "http://") {
			return true
		}
	}
	for _, k := range n.Content {
		if hasURLComment(k) {
			return true
		}
	}
	return false
}

// pair makes one node of a key and its value, to search both.
func pair(k, v *yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{k, v}}
}

// caseYAMLRoot parses the archive's case.yaml and returns its top mapping
// and the archive line just before its first line, to add to node lines.
func caseYAMLRoot(data []byte) (*yaml.Node, int) {
	start, end, ok := caseYAMLSpan(data)
	if !ok {
		return nil, 0
	}
	var doc yaml.Node
	if yaml.Unmarshal(data[start:end], &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, 0
	}
	return doc.Content[0], lineAt(data, start) - 1
}
