// Package report renders results for people and machines. Each format is
// one small renderer over the one result model (package result).
package report
