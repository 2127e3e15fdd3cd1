package operator

import (
	"slices"
	"testing"
)

// WithoutPermission takes p from role r until the test ends: no role of
// today reads the dashboard without reading money, and the dashboard must
// still hide money from one that would.
func WithoutPermission(t testing.TB, r Role, p Permission) {
	saved := rolePermissions[r]
	rolePermissions[r] = slices.DeleteFunc(slices.Clone(saved), func(x Permission) bool { return x == p })
	t.Cleanup(func() { rolePermissions[r] = saved })
}
