package linksign

import (
	"crypto/hmac"
	"crypto/sha256"
	"testing"
)

func TestSignIsHMACOverPurposeAndParts(t *testing.T) {
	key := []byte("k")
	m := hmac.New(sha256.New, key)
	m.Write([]byte("purpose\x00a\x00b"))
	if got := Sign(key, "purpose", "a", "b"); !hmac.Equal(got, m.Sum(nil)) {
		t.Fatalf("Sign = %x, want HMAC-SHA256 of purpose\\0a\\0b", got)
	}
}

func TestValidRefusesAnotherPurposePartKeyOrLength(t *testing.T) {
	key := []byte("k")
	sig := Sign(key, "off", "user-1")
	if !Valid(key, sig, "off", "user-1") {
		t.Fatal("its own signature is refused")
	}
	for name, ok := range map[string]bool{
		"another purpose": Valid(key, sig, "on", "user-1"),
		"another record":  Valid(key, sig, "off", "user-2"),
		"parts moved":     Valid(key, Sign(key, "off", "a", "b"), "off", "a\x00b"[:1], "\x00b"),
		"another key":     Valid([]byte("other"), sig, "off", "user-1"),
		"cut short":       Valid(key, sig[:16], "off", "user-1"),
		"empty":           Valid(key, nil, "off", "user-1"),
	} {
		if ok {
			t.Errorf("%s: accepted", name)
		}
	}
}
