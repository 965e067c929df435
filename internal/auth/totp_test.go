package auth

import (
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
)

// codeStep accepts the codes of the current step and one step either side
// (TOTPSkew is 1), as pquerna/otp's own check with Skew 1 does, and names
// the step.
func TestCodeStep(t *testing.T) {
	const secret = "BELWISEDEMOSTAFFTWOSTEPKEY234567"
	now := time.Unix(1_700_000_015, 0) // step 56666667, 15 s in
	step := now.Unix() / 30
	for off := int64(-3); off <= 3; off++ {
		code, err := totp.GenerateCode(secret, now.Add(time.Duration(off)*30*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := codeStep(secret, code, now)
		lib, _ := totp.ValidateCustom(code, secret, now, totp.ValidateOpts{Period: 30, Skew: 1, Digits: 6})
		want := off >= -1 && off <= 1
		if ok != want || lib != want || (ok && got != step+off) {
			t.Errorf("offset %d: step %d ok %v (library %v), want ok %v", off, got, ok, lib, want)
		}
	}
	if c, ok := normalizeCode(" 403 717 "); !ok || c != "403717" {
		t.Errorf("normalizeCode: %q %v", c, ok)
	}
	for _, bad := range []string{"40371", "4037177", "40371a", "４０３７１７"} {
		if _, ok := normalizeCode(bad); ok {
			t.Errorf("normalizeCode(%q) accepted", bad)
		}
	}
}

// Recovery codes: ten, distinct, from the unambiguous alphabet; typed in
// any case, with or without the hyphen, they hash alike, and per user.
func TestRecoveryCodes(t *testing.T) {
	codes, hashes := newRecoveryCodes("u-1")
	seen := map[string]bool{}
	for i, c := range codes {
		n, ok := normalizeRecovery(strings.ToLower(strings.ReplaceAll(c, "-", " ")))
		if !ok || len(c) != 11 || c[5] != '-' || seen[c] || string(recoveryHash("u-1", n)) != string(hashes[i]) {
			t.Fatalf("code %q (%q, %v)", c, n, ok)
		}
		if string(recoveryHash("u-2", n)) == string(hashes[i]) {
			t.Fatal("a recovery code's hash does not depend on the user")
		}
		seen[c] = true
	}
	if len(seen) != RecoveryCodeCount {
		t.Fatalf("%d codes", len(seen))
	}
	for _, bad := range []string{"ABCDE-FGHJ", "ABCDE-FGHJ0", "ABCDE-FGHJI", "ABCDE-FGHJKL"} {
		if _, ok := normalizeRecovery(bad); ok {
			t.Errorf("normalizeRecovery(%q) accepted", bad)
		}
	}
}
