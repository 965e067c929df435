// Package linksign signs the links that do one thing without a session: an
// email's one-click "turn this off" (RFC 8058) for a call alert or the
// weekly digest. A signature is HMAC-SHA256 with the caller's key over the
// purpose and the link's parts, each ended by a NUL, so a signature made
// for one purpose or one record is worth nothing for another.
package linksign

import (
	"crypto/hmac"
	"crypto/sha256"
)

// Size is the length of a signature in bytes.
const Size = sha256.Size

// Sign signs purpose and parts with key.
func Sign(key []byte, purpose string, parts ...string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(purpose))
	for _, p := range parts {
		m.Write([]byte{0})
		m.Write([]byte(p))
	}
	return m.Sum(nil)
}

// Valid reports, in constant time, whether sig signs purpose and parts
// with key.
func Valid(key, sig []byte, purpose string, parts ...string) bool {
	return len(sig) == Size && hmac.Equal(sig, Sign(key, purpose, parts...))
}
