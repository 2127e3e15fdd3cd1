// Package netguard keeps outgoing fetches whose address someone else chose
// (an operator's guide source) away from the server's own machine and
// networks: loopback, link-local (cloud metadata at 169.254.169.254),
// private, carrier-grade NAT, multicast and unspecified addresses are
// refused unless the configuration allows their prefix.
//
// The check runs when a connection is made, on the address the name
// resolved to, so a name that resolves to a barred address (DNS rebinding
// included) and every redirect hop (each is a new connection) are refused
// too. Ports are not restricted.
package netguard

import (
	"errors"
	"fmt"
	"net/netip"
	"syscall"
)

// ErrRefused is the error (errors.Is) of a connection the guard refused.
var ErrRefused = errors.New("address refused")

// RefusedError names the refused address and its class.
type RefusedError struct {
	Addr  netip.Addr
	Class string // loopback, link-local, private, ...
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s is a %s address: %v", e.Addr, e.Class, ErrRefused)
}

func (e *RefusedError) Unwrap() error { return ErrRefused }

// Addresses outside the standard library's predicates.
var (
	thisNetwork = netip.MustParsePrefix("0.0.0.0/8")     // "this network" (RFC 791); Linux connects 0.0.0.0 to itself
	sharedCGNAT = netip.MustParsePrefix("100.64.0.0/10") // carrier-grade NAT (RFC 6598), private in practice
)

// Guard refuses barred addresses outside its allow list.
type Guard struct {
	allow []netip.Prefix
}

// New makes a guard that lets through the barred addresses inside allow
// (the operator's own guide server on its network, a test server).
func New(allow []netip.Prefix) *Guard {
	return &Guard{allow: append([]netip.Prefix(nil), allow...)}
}

// Check returns a *RefusedError when ip is barred and not allowed, else nil.
// IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
func (g *Guard) Check(ip netip.Addr) error {
	ip = ip.WithZone("")
	plain := ip.Unmap()
	for _, p := range g.allow {
		if p.Contains(plain) || p.Contains(ip) {
			return nil
		}
	}
	if class := Class(plain); class != "" {
		return &RefusedError{Addr: plain, Class: class}
	}
	return nil
}

// Class is the barred class of ip ("" when ip is a public address).
func Class(ip netip.Addr) string {
	ip = ip.WithZone("").Unmap()
	switch {
	case !ip.IsValid():
		return "invalid"
	case ip.IsUnspecified():
		return "unspecified"
	case ip.IsLoopback():
		return "loopback"
	case ip.IsMulticast():
		return "multicast"
	case ip.IsLinkLocalUnicast():
		return "link-local"
	case ip.IsPrivate():
		return "private"
	case sharedCGNAT.Contains(ip):
		return "carrier-grade NAT"
	case thisNetwork.Contains(ip):
		return "this-network"
	}
	return ""
}

// Control is a net.Dialer Control function: it runs after the name is
// resolved, once for every address tried, and refuses barred ones. An
// address it cannot read is refused.
func (g *Guard) Control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: unreadable address %q", ErrRefused, address)
	}
	return g.Check(ap.Addr())
}
