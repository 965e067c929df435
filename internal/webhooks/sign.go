package webhooks

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
)

// SecretPrefix starts every signing secret, as Standard Webhooks has it.
const SecretPrefix = "whsec_"

// secretBytes is how many random bytes a secret holds (the spec asks for
// 24 to 64).
const secretBytes = 32

// NewSecret is a new signing secret: "whsec_" and the standard base64 of
// 32 random bytes.
func NewSecret() string {
	b := make([]byte, secretBytes)
	rand.Read(b)
	return SecretPrefix + base64.StdEncoding.EncodeToString(b)
}

var errSecret = errors.New("webhooks: a secret is whsec_ followed by base64")

// secretKey is the HMAC key of a secret: the bytes its base64 encodes.
func secretKey(secret string) ([]byte, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil || len(key) == 0 {
		return nil, errSecret
	}
	return key, nil
}

// Sign is the webhook-signature header of a message, per Standard
// Webhooks: "v1," and the base64 of HMAC-SHA256 over
// "{msgID}.{timestamp}.{body}", keyed with the secret's bytes.
func Sign(secret, msgID string, timestamp int64, body []byte) (string, error) {
	key, err := secretKey(secret)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(msgID + "." + strconv.FormatInt(timestamp, 10) + "."))
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// Verify reports whether header (space-separated "v1,<sig>" entries)
// holds a valid signature of the message: what a receiver does.
func Verify(secret, msgID string, timestamp int64, body []byte, header string) bool {
	want, err := Sign(secret, msgID, timestamp, body)
	if err != nil {
		return false
	}
	for _, sig := range strings.Fields(header) {
		if hmac.Equal([]byte(sig), []byte(want)) {
			return true
		}
	}
	return false
}
