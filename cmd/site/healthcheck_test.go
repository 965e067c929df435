package main

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// `site healthcheck` (the image's HEALTHCHECK) exits 0 while /healthz on
// PORT answers 200, and 1 when it does not.
func TestHealthcheckCommand(t *testing.T) {
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(status)
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	env := map[string]string{"PORT": port, "DATA_DIR": t.TempDir()}
	var out strings.Builder
	if code := run(context.Background(), []string{"healthcheck"}, func(k string) string { return env[k] }, &out); code != 0 {
		t.Fatalf("healthy: exit %d: %s", code, out.String())
	}
	status = http.StatusServiceUnavailable
	if code := run(context.Background(), []string{"healthcheck"}, func(k string) string { return env[k] }, &out); code != 1 {
		t.Fatalf("unhealthy: exit %d", code)
	}
	srv.Close()
	if code := run(context.Background(), []string{"healthcheck"}, func(k string) string { return env[k] }, &out); code != 1 {
		t.Fatalf("nothing listening: exit %d", code)
	}
}
