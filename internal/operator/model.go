// Package operator is the operator side of Efir: the staff of the console
// (accounts, second factor, sessions, roles), the audit log of every change,
// and the console's calls.
package operator

import "slices"

// Role is a fixed set of permissions (the console shows and the server checks
// the same set).
type Role string

const (
	RoleOwner   Role = "owner"
	RoleAdmin   Role = "admin"
	RoleSupport Role = "support"
	RoleContent Role = "content"
	RoleFinance Role = "finance"
)

// Roles in the order of their reach (an owner first).
var Roles = []Role{RoleOwner, RoleAdmin, RoleSupport, RoleContent, RoleFinance}

// Permission names one kind of call.
type Permission string

const (
	PermDashboard     Permission = "dashboard.read"
	PermSubscribers   Permission = "subscribers.read"
	PermSubscribersW  Permission = "subscribers.write"
	PermMoney         Permission = "money.read"
	PermMoneyW        Permission = "money.write"
	PermPackets       Permission = "packets.read"
	PermPacketsW      Permission = "packets.write"
	PermPromo         Permission = "promo.read"
	PermPromoW        Permission = "promo.write"
	PermPaySystemsW   Permission = "paysystems.write"
	PermChannelsW     Permission = "channels.write"
	PermCatalogW      Permission = "catalog.write"
	PermMessagesW     Permission = "messages.write"
	PermSettingsW     Permission = "settings.write"
	PermIntegrationsW Permission = "integrations.write"
	PermStaff         Permission = "staff.read"
	PermStaffW        Permission = "staff.write"
	PermAudit         Permission = "audit.read"
)

var allPermissions = []Permission{PermDashboard, PermSubscribers, PermSubscribersW, PermMoney, PermMoneyW,
	PermPackets, PermPacketsW, PermPromo, PermPromoW, PermPaySystemsW, PermChannelsW, PermCatalogW,
	PermMessagesW, PermSettingsW, PermIntegrationsW, PermStaff, PermStaffW, PermAudit}

// rolePermissions: owners and admins run everything (only owners manage
// owners, a rule of the staff calls); support serves subscribers, refunds and
// sends messages; content edits channels and the catalogue and sees no money;
// finance reads money and changes nothing.
var rolePermissions = map[Role][]Permission{
	RoleOwner: allPermissions,
	RoleAdmin: allPermissions,
	RoleSupport: {PermDashboard, PermSubscribers, PermSubscribersW, PermMoney, PermMoneyW, PermPackets, PermPromo,
		PermMessagesW, PermAudit},
	RoleContent: {PermChannelsW, PermCatalogW, PermMessagesW},
	RoleFinance: {PermDashboard, PermSubscribers, PermMoney, PermPackets, PermPromo, PermAudit},
}

// Valid reports whether r is one of the roles.
func (r Role) Valid() bool { return slices.Contains(Roles, r) }

// Can reports whether the role has permission p.
func (r Role) Can(p Permission) bool { return slices.Contains(rolePermissions[r], p) }

// Permissions lists what the role may do.
func (r Role) Permissions() []Permission { return slices.Clone(rolePermissions[r]) }

// NeedsSecondFactor: owners and admins sign in with an authenticator's code.
func (r Role) NeedsSecondFactor() bool { return r == RoleOwner || r == RoleAdmin }
