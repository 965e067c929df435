package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/store/storetest"
)

// A request body still arriving when the server's read timeout (30 s in
// production, 300 ms here) runs out answers 408 body_timeout, not 400
// invalid_body: a JSON body, and a form posted without JavaScript.
func TestSlowBodyAnswers408(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t), envOptions{})
	srv := httptest.NewUnstartedServer(e.h)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()

	for _, c := range []struct{ path, contentType, part string }{
		{"/api/auth/sign-in", "application/json", `{"email":"slow@example.com","pass`},
		{"/auth", "application/x-www-form-urlencoded", `email=slow%40example.com&pass`},
	} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: 200\r\nSec-Fetch-Site: same-origin\r\n\r\n%s",
			c.path, srv.Listener.Addr(), c.contentType, c.part)
		// The rest of the body never comes.
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusRequestTimeout {
			t.Errorf("%s: %d %s, want 408", c.path, res.StatusCode, body)
		}
		if c.contentType == "application/json" && !strings.Contains(string(body), `"body_timeout"`) {
			t.Errorf("%s: body %s, want code body_timeout", c.path, body)
		}
	}
}
