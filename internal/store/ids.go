package store

import "github.com/google/uuid"

// normID returns the canonical lower-case form of a uuid. Ids are checked in
// Go because PostgreSQL rejects a malformed uuid with an error (22P02) where
// callers expect "not found", and SQLite compares TEXT ids byte for byte.
func normID(id string) (string, bool) {
	u, err := uuid.Parse(id)
	if err != nil {
		return "", false
	}
	return u.String(), true
}
