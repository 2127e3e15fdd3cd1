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
  { id: 'dashboard', path: paths.dashboard, permission: Permission.dashboardRead },
  { id: 'subscribers', path: paths.subscribers, permission: Permission.subscribersRead },
  { id: 'packets', path: paths.packets, permission: Permission.packetsRead },
  { id: 'paysystems', path: paths.paysystems, permission: Permission.paysystemsWrite },
  { id: 'promo', path: paths.promo, permission: Permission.promoRead },
  { id: 'channels', path: paths.channels, permission: Permission.channelsWrite },
  { id: 'catalog', path: paths.catalog, permission: Permission.catalogWrite },
  { id: 'pages', path: paths.pages, permission: Permission.catalogWrite },
  { id: 'messages', path: paths.messages, permission: Permission.messagesWrite },
  { id: 'settings', path: paths.settings, permission: Permission.settingsWrite },
  { id: 'integrations', path: paths.integrations, permission: Permission.integrationsWrite },
  { id: 'staff', path: paths.staff, permission: Permission.staffRead },
  { id: 'audit', path: paths.audit, permission: Permission.auditRead },
  { id: 'security', path: paths.security, permission: null },
];

/** The sections a session's permissions open, in menu order. */
export function visibleMenu(permissions: readonly string[]): MenuEntry[] {
  return MENU.filter((e) => e.permission === null || permissions.includes(e.permission));
}
