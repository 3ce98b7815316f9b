package report

import (
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync"

	"github.com/cleanexit/cleanexit/runner/result"
)

// WriteHTML writes a matrix as one self-contained HTML page: no script,
// style or font is fetched from anywhere, so that the file can be kept as a
// CI artifact and opened offline. Clicking a column heading sorts the rows
// by it (a host's column by how badly the run went there); the filter box
// keeps the rows whose case/variant contains its text. A URL ending in
// #sort=N (or #sort=N-rev, reversed) opens the page sorted by column N.
func WriteHTML(w io.Writer, m *Matrix, title string) error {
	type hostGroup struct {
		MatrixHost
		Span int
	}
	var groups []hostGroup
	for _, h := range m.Hosts {
		n := 0
		for _, c := range m.Columns {
			if c.Host == h.Name {
				n++
			}
		}
		if n > 0 {
			groups = append(groups, hostGroup{h, n})
		}
	}
	return htmlPage().Execute(w, map[string]any{
		"Title":   title,
		"M":       m,
		"Groups":  groups,
		"Counts":  countLine(m.Summary),
		"Legend":  result.Statuses,
		"Version": SchemaName,
	})
}

// htmlPage is parsed on first use: parsing it was a fifth of the
// start-up cost of every cleanexit process, most of which never write HTML.
var htmlPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("matrix").Funcs(template.FuncMap{
		"class": func(s result.Status) string {
			if s == "" {
				return "none"
			}
			return strings.ToLower(string(s))
		},
		"sev":   func(s result.Status) int { return severity(s) },
		"name":  VisibleName,
		"add2":  func(i int) int { return i + 2 },
		"worst": func(r Row) result.Status { return worst(r) },
		"tip": func(c Cell) string {
			if c.Status == "" {
				return "not run on this host"
			}
			parts := []string{string(c.Status)}
			for _, s := range []string{c.Reason, c.Signature, c.Phase, c.Culprit} {
				if s != "" && !strings.Contains(strings.Join(parts, "\n"), s) {
					parts = append(parts, s)
				}
			}
			if c.Version != "" {
				parts = append(parts, "python "+c.Version)
			}
			parts = append(parts, fmt.Sprintf("%.2fs", c.DurationS))
			return strings.Join(parts, "\n")
		},
		"gpus": func(h MatrixHost) string {
			var g []string
			for _, x := range h.GPUs {
				g = append(g, x.Name)
			}
			return strings.Join(g, ", ")
		},
	}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="generator" content="cleanexit report merge ({{.Version}})">
<title>{{.Title}}</title>
<style>
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5em; color: #1f2328; }
h1 { font-size: 1.4em; margin: 0 0 .3em; }
.counts { margin: .2em 0 1em; color: #444; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d7de; padding: 3px 8px; }
table.hosts td { vertical-align: top; }
table.hosts td:first-child, table.hosts td:nth-child(2) { white-space: nowrap; }
table.matrix thead th { background: #f6f8fa; position: sticky; top: 0; }
table.matrix thead tr:nth-child(2) th { top: 1.9em; }
th.sort { cursor: pointer; user-select: none; }
th.sort:hover { background: #eaeef2; }
th.sort[aria-sort=ascending]::after { content: " ▲"; }
th.sort[aria-sort=descending]::after { content: " ▼"; }
td.key { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; white-space: nowrap; }
td.cell { text-align: center; white-space: nowrap; font-weight: 600; font-size: 12px; }
td.cell small { display: block; font-weight: 400; }
.pass, .xfail { background: #dafbe1; color: #116329; }
.flakypass { background: #fff8c5; color: #7d4e00; }
.unsupported { background: #f6f8fa; color: #6e7781; }
.fail, .xpass { background: #ffebe9; color: #a40e26; }
.unresolved { background: #fbefff; color: #8250df; }
.timeout { background: #fff1e5; color: #bc4c00; }
.none { color: #afb8c1; }
.legend span { display: inline-block; padding: 1px 6px; margin-right: 4px; border-radius: 3px; font-size: 12px; font-weight: 600; }
input#filter { margin: .8em 0; padding: 3px 6px; width: 22em; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<div class="counts">{{.Counts}}</div>
<table class="hosts">
<tr><th>host</th><th>os/arch</th><th>cpu</th><th>gpu</th><th>interpreters</th><th>reports</th></tr>
{{range .M.Hosts}}<tr><td>{{.Name}}</td><td>{{.OS}}/{{.Arch}}</td><td>{{.CPUModel}}</td><td>{{gpus .}}</td><td>{{range $i, $in := .Interpreters}}{{if $i}}, {{end}}<span title="{{$in.RealPath}}">{{$in.Python}} ({{$in.Implementation}} {{$in.Version}})</span>{{end}}</td><td>{{.Reports}}</td></tr>
{{end}}</table>
<p class="legend">{{range .Legend}}<span class="{{class .}}">{{.}}</span>{{end}}<span class="none">· not run</span></p>
<input id="filter" type="search" placeholder="filter case/variant…" aria-label="filter rows">
<table class="matrix" id="matrix">
<thead>
<tr><th rowspan="2" class="sort" data-col="0">case/variant</th><th rowspan="2" class="sort" data-col="1" title="the worst status on any host">worst</th>{{range .Groups}}<th colspan="{{.Span}}">{{.Name}}</th>{{end}}</tr>
<tr>{{range $i, $c := .M.Columns}}<th class="sort" data-col="{{$i | add2}}" title="{{$c.Host}}, python {{$c.Python}}">{{$c.Python}}</th>{{end}}</tr>
</thead>
<tbody>
{{range .M.Rows}}<tr><td class="key" data-v="{{name .Key}}" title="{{name .File}}{{if .Line}}:{{.Line}}{{end}}">{{name .Key}}</td>{{$w := worst .}}<td class="cell {{class $w}}" data-v="{{sev $w}}">{{if $w}}{{$w}}{{else}}·{{end}}</td>{{range .Cells}}<td class="cell {{class .Status}}" data-v="{{sev .Status}}" title="{{tip .}}">{{if .Status}}{{.Status}}{{if .Signal}}<small>{{.Signal}}</small>{{end}}{{if .Phase}}<small>{{.Phase}}</small>{{end}}{{else}}·{{end}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
<script>
(function () {
  var table = document.getElementById("matrix"), body = table.tBodies[0];
  var heads = table.querySelectorAll("th.sort");
  heads.forEach(function (th) {
    th.addEventListener("click", function () {
      var col = +th.dataset.col, asc = th.getAttribute("aria-sort") !== "ascending";
      if (col > 0 && th.getAttribute("aria-sort") == null) asc = false; // worst first
      heads.forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", asc ? "ascending" : "descending");
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[col].dataset.v, y = b.cells[col].dataset.v;
        var d = col === 0 ? x.localeCompare(y) : (+x) - (+y);
        if (d !== 0) return asc ? d : -d;
        return a.cells[0].dataset.v.localeCompare(b.cells[0].dataset.v);
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
  // #sort=N sorts by column N on load as one click would, #sort=N-rev as
  // two, so that a link can name a view and a test can sort in a browser.
  var m = /^#sort=(\d+)(-rev)?$/.exec(location.hash);
  if (m) heads.forEach(function (th) {
    if (th.dataset.col === m[1]) { th.click(); if (m[2]) th.click(); }
  });
  document.getElementById("filter").addEventListener("input", function (e) {
    var q = e.target.value.toLowerCase();
    Array.prototype.forEach.call(body.rows, function (r) {
      r.style.display = r.cells[0].dataset.v.toLowerCase().indexOf(q) >= 0 ? "" : "none";
    });
  });
})();
</script>
</body>
</html>
`))
})
