package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
)

// newToken returns a random 256-bit token for a cookie or an email link,
// and the SHA-256 hash under which it is stored. Only the hash reaches the
// database, so a leaked backup cannot be used to sign in or reset a
// password. A fast hash is enough because the token is random, not a
// guessable password.
func newToken() (token string, hash []byte) {
	b := make([]byte, 32)
	rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// plausibleToken rejects input that newToken cannot have produced before
// it reaches the database.
func plausibleToken(s string) bool {
	if len(s) != 43 {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(s)
	return err == nil
}
