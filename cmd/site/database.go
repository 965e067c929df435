package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/dpa"
	"github.com/belwise/site/internal/store"
)

// The demo logins the README names, a buyer and a staff member; seeded
// into an empty embedded database and by `site seed`.
const (
	demoEmail    = "demo@example.com"
	demoPassword = "demo-buyer-2026"
	demoName     = "Demi de Vries"

	opsEmail    = "ops@example.com"
	opsPassword = "demo-ops-2026"
	opsName     = "Olivia Jansen"
	// opsTOTPSecret is the demo staff member's authenticator key (demo data
	// only): `oathtool --totp -b BELWISEDEMOSTAFFTWOSTEPKEY234567` gives
	// the code the second step asks for.
	opsTOTPSecret = "BELWISEDEMOSTAFFTWOSTEPKEY234567"
)

// database is the store plus whether it is migrated and usable.
type database struct {
	*store.DB
	ready atomic.Bool
}

// openDatabase opens the store and migrates it. SQLite problems are fatal
// (the disk is ours to fix), but an unreachable PostgreSQL is not: the site
// starts, public pages work, the API answers 503, and migration is retried
// in the background until the database answers.
func openDatabase(ctx context.Context, cfg config.Config, log *slog.Logger) (*database, error) {
	db, err := store.Open(ctx, store.Config{DatabaseURL: cfg.DatabaseURL, DataDir: cfg.DataDir})
	if err != nil {
		return nil, err
	}
	d := &database{DB: db}
	err = d.prepare(ctx, cfg, log)
	switch {
	case err == nil:
	case db.Embedded() || !errors.Is(err, store.ErrUnavailable):
		db.Close()
		return nil, err
	default:
		log.Error("database unreachable; the API answers 503 until it is back", "err", err)
		go d.retry(ctx, cfg, log)
	}
	return d, nil
}

func (d *database) prepare(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	if err := d.Migrate(ctx); err != nil {
		return fmt.Errorf("migrating the %s database: %w", d.Dialect(), err)
	}
	if d.Embedded() && cfg.SeedDemo {
		empty, err := d.IsEmpty(ctx)
		if err != nil {
			return err
		}
		if empty {
			if _, err := seedDemo(ctx, d.DB); err != nil {
				return fmt.Errorf("seeding demo data: %w", err)
			}
			log.Info("seeded demo data into the new database", "login", demoEmail, "password", demoPassword,
				"staff_login", opsEmail, "staff_password", opsPassword, "staff_totp_secret", opsTOTPSecret)
		}
	}
	d.ready.Store(true)
	log.Info("database ready", "dialect", d.Dialect())
	return nil
}

// readiness is GET /readyz's check: the database migrated (ready) and
// answering a ping within ctx, and the job worker running.
func (d *database) readiness(worker interface{ Running() bool }) func(context.Context) bool {
	return func(ctx context.Context) bool {
		return d.ready.Load() && worker.Running() && d.Ping(ctx) == nil
	}
}

// retryEvery is how often an unreachable database is tried again.
var retryEvery = 5 * time.Second

func (d *database) retry(ctx context.Context, cfg config.Config, log *slog.Logger) {
	t := time.NewTicker(retryEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := d.prepare(ctx, cfg, log); err != nil {
			log.Debug("database still unreachable", "err", err)
			continue
		}
		return
	}
}

func seedDemo(ctx context.Context, db *store.DB) (demo.Result, error) {
	buyerHash, err := auth.HashPassword(ctx, demoPassword)
	if err != nil {
		return demo.Result{}, err
	}
	opsHash, err := auth.HashPassword(ctx, opsPassword)
	if err != nil {
		return demo.Result{}, err
	}
	now := time.Now().UTC()
	res, err := demo.Seed(ctx, db, demo.Accounts{
		Buyer: demo.User{Email: demoEmail, PasswordHash: buyerHash, FullName: demoName, Locale: "en"},
		Staff: demo.User{Email: opsEmail, PasswordHash: opsHash, FullName: opsName, Locale: "en", TOTPSecret: opsTOTPSecret},
	}, now)
	if err != nil {
		return res, err
	}
	// The demo buyer's company, which their orders and invoices are billed to.
	if err := demo.SeedCompany(ctx, db, demoEmail, now); err != nil {
		return res, err
	}
	// The demo buyer accepted the current processor agreement, so staff
	// can set their agents live.
	if err := demo.SeedAgreement(ctx, db, demoEmail, dpa.Version, now); err != nil {
		return res, err
	}
	// The demo buyer's live agents, linked to their assistants, with a few
	// weeks of calls.
	return res, demo.SeedCalls(ctx, db, demoEmail, now)
}

// jobCleanup is the hourly clean-up job: it deletes expired sessions,
// tokens and rate-limit windows, and unverified accounts a week after
// their last sign-up.
const jobCleanup = "cleanup"

func (d *database) cleanUp(ctx context.Context, _ store.Job) error {
	return d.DeleteExpired(ctx, time.Now().UTC())
}
