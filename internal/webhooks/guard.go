package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
)

// Resolver looks a host name up (net.DefaultResolver; tests use a fake).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard keeps deliveries from reaching the server's own network
// (server-side request forgery): an endpoint must be https and every
// address its host resolves to public, both when it is saved (CheckURL)
// and when a delivery connects (DialContext checks the address it dials,
// after resolving, so a name that resolves differently the second time
// cannot slip through). AllowPrivate lifts both rules, for local
// development and tests only (WEBHOOK_ALLOW_PRIVATE).
type Guard struct {
	AllowPrivate bool
	Resolver     Resolver // nil: net.DefaultResolver
}

// ErrNotPublic is the error for an address the guard refuses.
var ErrNotPublic = errors.New("the address is not a public internet address")

func (g Guard) resolver() Resolver {
	if g.Resolver != nil {
		return g.Resolver
	}
	return net.DefaultResolver
}

// nonPublic are the ranges beyond what netip's predicates name that are
// not the public internet (RFC 6890 and friends).
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and the broadcast address
	netip.MustParsePrefix("64:ff9b::/96"),    // NAT64: may reach any IPv4 address
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local NAT64
	netip.MustParsePrefix("100::/64"),        // discard
	netip.MustParsePrefix("2001::/23"),       // IETF protocol assignments (Teredo etc.)
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("2002::/16"),       // 6to4: embeds any IPv4 address
}

// Public reports whether a is an address of the public internet: not
// loopback, private, link-local (169.254.169.254, the cloud metadata
// service, among them), multicast, unspecified or otherwise reserved.
func Public(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// CheckURL reads an endpoint's URL and refuses one the guard does not
// allow: not https (http too with AllowPrivate), with credentials, or
// whose host resolves to an address that is not public.
func (g Guard) CheckURL(ctx context.Context, raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, errors.New("not an absolute URL")
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && g.AllowPrivate:
	default:
		return nil, errors.New("the URL must start with https://")
	}
	if u.User != nil {
		return nil, errors.New("the URL must not hold a user name or password")
	}
	if u.Fragment != "" {
		return nil, errors.New("the URL must not have a #fragment")
	}
	if _, err := g.addrs(ctx, u.Hostname()); err != nil {
		return nil, err
	}
	return u, nil
}

// addrs resolves host (or reads it as an address) and refuses it unless
// every address is public.
func (g Guard) addrs(ctx context.Context, host string) ([]netip.Addr, error) {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a}
	} else {
		if addrs, err = g.resolver().LookupNetIP(ctx, "ip", host); err != nil {
			return nil, fmt.Errorf("the host %q cannot be found", host)
		}
		if len(addrs) == 0 {
			return nil, fmt.Errorf("the host %q has no address", host)
		}
	}
	if g.AllowPrivate {
		return addrs, nil
	}
	for _, a := range addrs {
		if !Public(a) {
			return nil, fmt.Errorf("%w: %s", ErrNotPublic, a.Unmap())
		}
	}
	return addrs, nil
}

// DialContext connects to addr ("host:port") as http.Transport asks: it
// resolves the host itself, refuses it unless every address is public,
// and dials those addresses only; the dialer's Control checks the address
// of the socket once more, just before it connects.
func (g Guard) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	addrs, err := g.addrs(ctx, host)
	if err != nil {
		return nil, err
	}
	d := net.Dialer{Control: g.control}
	var firstErr error
	for _, a := range addrs {
		c, err := d.DialContext(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
		if err == nil {
			return c, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, firstErr
}

func (g Guard) control(network, address string, _ syscall.RawConn) error {
	if g.AllowPrivate {
		return nil
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrNotPublic, address)
	}
	if !Public(ap.Addr()) {
		return fmt.Errorf("%w: %s", ErrNotPublic, ap.Addr().Unmap())
	}
	return nil
}
