package auth

import "testing"

func TestReadUserAgent(t *testing.T) {
	for ua, want := range map[string][2]string{
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36":                      {"Chrome", "Android"},
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1":    {"Safari", "iPhone"},
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0":              {"Edge", "Windows"},
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0":                                                        {"Firefox", "macOS"},
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36":                              {"Chrome", "Linux"},
		"Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36": {"Samsung Internet", "Android"},
		"curl/8.5.0": {"", ""},
		"":           {"", ""},
		"Mozilla/5.0 (X11; Linux x86_64) Wget/1.0": {"", "Linux"},
	} {
		if b, s := ReadUserAgent(ua); b != want[0] || s != want[1] {
			t.Errorf("ReadUserAgent(%q) = %q, %q, want %q", ua, b, s, want)
		}
	}
}

func TestDeviceIDs(t *testing.T) {
	a, b := newDeviceID(), newDeviceID()
	if a == b || !plausibleDeviceID(a) || len(a) != 22 {
		t.Fatalf("ids %q %q", a, b)
	}
	for _, bad := range []string{"", "short", "has space in it here", "../../../etc/passwd0000", string(make([]byte, 65))} {
		if plausibleDeviceID(bad) {
			t.Errorf("plausible: %q", bad)
		}
	}
	if !plausibleDeviceID("0123456789abcdef0123456789abcdef") {
		t.Error("a migrated (hex) id is refused")
	}
}
