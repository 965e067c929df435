package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  map[string]string
		code int
		want string
	}{
		{"unknown command", []string{"bogus"}, nil, 2, `unknown command "bogus"`},
		{"serve with extra args", []string{"serve", "x"}, nil, 2, "unexpected arguments"},
		{"help", []string{"help"}, nil, 0, "usage: site"},
		{"bad config", nil, map[string]string{"PORT": "abc", "LOG_LEVEL": "loud"}, 2,
			"invalid configuration:\n  PORT=\"abc\": must be a whole number from 1 to 65535\n  LOG_LEVEL="},
		{"data dir is a file", []string{"serve"}, map[string]string{"DATA_DIR": "main_test.go"}, 2,
			`DATA_DIR="main_test.go": cannot create the data directory`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(context.Background(), tt.args, func(k string) string { return tt.env[k] }, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
				t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
			}
		})
	}
}

func TestEnsureWritableDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	if err := ensureWritableDir(dir); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Fatalf("write check left files behind: %v", entries)
	}
	if os.Getuid() == 0 {
		t.Skip("root can write to read-only directories")
	}
	ro := t.TempDir()
	os.Chmod(ro, 0o500)
	if err := ensureWritableDir(ro); err == nil || !strings.Contains(err.Error(), "not writable") {
		t.Fatalf("read-only dir: %v", err)
	}
}
