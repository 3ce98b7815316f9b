module github.com/cleanexit/cleanexit

go 1.26.8

require (
	github.com/fatih/color v1.19.0
	github.com/mattn/go-isatty v0.0.20
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/sys v0.42.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/mattn/go-colorable v0.1.14 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
