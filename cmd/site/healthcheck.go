package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/belwise/site/internal/config"
)

// healthcheckCommand asks the server on this machine for /healthz: the
// container image has no curl, so its HEALTHCHECK runs `site healthcheck`.
func healthcheckCommand(ctx context.Context, getenv func(string) string) error {
	cfg, err := config.Load(getenv)
	if err != nil {
		return usageError{err}
	}
	_, port, err := net.SplitHostPort(cfg.Addr())
	if err != nil {
		return usageError{err}
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", "http://"+net.JoinHostPort("127.0.0.1", port)+"/healthz", nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: /healthz answered %s", res.Status)
	}
	return nil
}
