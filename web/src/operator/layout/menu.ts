import type { PermissionName } from '../api/types';
import { Permission } from '../api/types';
import { paths } from '../paths';

// The console's sections, declared once: the menu, the start page and the section guards
// read this list. `permission` null: every staff member has the section.

export interface MenuEntry {
  id:
    | 'dashboard'
    | 'subscribers'
    | 'packets'
    | 'paysystems'
    | 'promo'
    | 'channels'
    | 'catalog'
    | 'pages'
    | 'messages'
    | 'settings'
    | 'integrations'
    | 'staff'
    | 'audit'
    | 'security';
  path: string;
  permission: PermissionName | null;
}

export const MENU: readonly MenuEntry[] = [
  // menu: dashboard
  { id: 'subscribers', path: paths.subscribers, permission: Permission.subscribersRead },
  // menu: packets
  // menu: paysystems
  // menu: promo
  // menu: channels
  // menu: catalog
  // menu: pages
  // menu: messages
  // menu: settings
  // menu: integrations
  { id: 'staff', path: paths.staff, permission: Permission.staffRead },
  { id: 'audit', path: paths.audit, permission: Permission.auditRead },
  { id: 'security', path: paths.security, permission: null },
];

/** The sections a session's permissions open, in menu order. */
export function visibleMenu(permissions: readonly string[]): MenuEntry[] {
  return MENU.filter((e) => e.permission === null || permissions.includes(e.permission));
}
