package store_test

import (
	"strings"
	"testing"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

func TestMigrateIsRepeatable(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for i := range 2 {
			if err := db.Migrate(ctxT(t)); err != nil {
				t.Fatalf("Migrate #%d: %v", i+2, err)
			}
		}
		if _, err := db.Agents(ctxT(t)); err != nil {
			t.Fatalf("schema missing after migrate: %v", err)
		}
	})
}

func TestMigrateConcurrentPostgres(t *testing.T) {
	dsn := storetest.PostgresURL(t)
	errs := make(chan error, 3)
	for range 3 {
		go func() {
			db, err := store.Open(ctxT(t), store.Config{DatabaseURL: dsn})
			if err != nil {
				errs <- err
				return
			}
			defer db.Close()
			errs <- db.Migrate(ctxT(t))
		}()
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatalf("concurrent Migrate: %v", err)
		}
	}
}

func TestUsers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		u, err := db.CreateUser(ctx, store.NewUser{Email: "ann@example.com", PasswordHash: "h1", FullName: "Ann de Vries", Locale: "nl"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := uuid.Parse(u.ID); err != nil {
			t.Fatalf("id %q is not a uuid", u.ID)
		}
		_, err = db.CreateUser(ctx, store.NewUser{Email: "ann@example.com", PasswordHash: "h2", Locale: "en"}, t0)
		wantErr(t, "duplicate email", err, store.ErrConflict)

		_, err = db.CreateUser(ctx, store.NewUser{Email: "bad@example.com", PasswordHash: "h", Locale: "de"}, t0)
		if err == nil {
			t.Fatal("locale 'de' accepted; CHECK constraint missing")
		}
		if _, err := db.UserByEmail(ctx, "bad@example.com"); err == nil {
			t.Fatal("failed CreateUser left a user behind")
		}

		cases := []struct {
			name    string
			byEmail string
			byID    string
			wantErr error
		}{
			{name: "by email", byEmail: "ann@example.com"},
			{name: "by id", byID: u.ID},
			{name: "by upper-case id", byID: "UPPER"},
			{name: "unknown email", byEmail: "bob@example.com", wantErr: store.ErrNotFound},
			{name: "email differs in case", byEmail: "ANN@example.com", wantErr: store.ErrNotFound},
			{name: "unknown id", byID: uuid.NewString(), wantErr: store.ErrNotFound},
			{name: "malformed id", byID: "not-a-uuid", wantErr: store.ErrNotFound},
			{name: "empty id", byID: "", wantErr: store.ErrNotFound},
			{name: "injection-looking id", byID: "1' OR '1'='1", wantErr: store.ErrNotFound},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				var got store.User
				var err error
				if tc.byEmail != "" {
					got, err = db.UserByEmail(ctx, tc.byEmail)
				} else {
					id := tc.byID
					if id == "UPPER" {
						id = strings.ToUpper(u.ID)
					}
					got, err = db.UserByID(ctx, id)
				}
				wantErr(t, tc.name, err, tc.wantErr)
				if tc.wantErr != nil {
					return
				}
				if got.ID != u.ID || got.Email != "ann@example.com" || got.PasswordHash != "h1" ||
					got.FullName != "Ann de Vries" || got.Locale != "nl" || got.Role != "buyer" || got.EmailVerifiedAt != nil {
					t.Fatalf("got %+v", got)
				}
				sameTime(t, "CreatedAt", got.CreatedAt, t0)
			})
		}

		if err := db.SetPassword(ctx, u.ID, "h3"); err != nil {
			t.Fatal(err)
		}
		got, err := db.UserByID(ctx, u.ID)
		if err != nil || got.PasswordHash != "h3" {
			t.Fatalf("after SetPassword: %+v, %v", got, err)
		}
		wantErr(t, "SetPassword unknown", db.SetPassword(ctx, uuid.NewString(), "x"), store.ErrNotFound)
		wantErr(t, "SetPassword malformed", db.SetPassword(ctx, "nope", "x"), store.ErrNotFound)
	})
}

func TestUserRoles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		u, err := db.CreateUser(ctx, store.NewUser{Email: "ops@example.com", PasswordHash: "h", Locale: "en"}, t0)
		if err != nil || u.Role != "buyer" {
			t.Fatalf("new user: %+v, %v", u, err)
		}
		if err := db.SetUserRole(ctx, u.ID, "staff"); err != nil {
			t.Fatal(err)
		}
		got, err := db.UserByEmail(ctx, "ops@example.com")
		if err != nil || got.Role != "staff" {
			t.Fatalf("after SetUserRole: %+v, %v", got, err)
		}
		if err := db.SetUserRole(ctx, u.ID, "admin"); err == nil {
			t.Fatal("role 'admin' accepted; CHECK constraint missing")
		}
		if got, _ := db.UserByID(ctx, u.ID); got.Role != "staff" {
			t.Fatalf("a refused role changed the user: %+v", got)
		}
		wantErr(t, "SetUserRole unknown", db.SetUserRole(ctx, uuid.NewString(), "staff"), store.ErrNotFound)
		wantErr(t, "SetUserRole malformed", db.SetUserRole(ctx, "nope", "staff"), store.ErrNotFound)
	})
}
