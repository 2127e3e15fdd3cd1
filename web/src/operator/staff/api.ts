import { queryOptions } from '@tanstack/react-query';
import { consoleFetch } from '../api/client';
import type { Staff, StaffInvite, StaffRole, StaffSession } from '../api/types';
import { STAFF_ROLES } from '../api/types';

export const staffKeys = {
  all: ['operator', 'staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
};

export const staffListQuery = () =>
  queryOptions({
    queryKey: staffKeys.list(),
    queryFn: ({ signal }) => consoleFetch<Staff[]>('/staff', { signal }),
  });

export interface InviteFields {
  email: string;
  name: string;
  role: StaffRole;
}

export const inviteStaff = (body: InviteFields) => consoleFetch<StaffInvite>('/staff', { method: 'POST', body });

export const patchStaff = ({ id, ...body }: { id: number; role?: StaffRole; disabled?: boolean; name?: string }) =>
  consoleFetch<Staff>(`/staff/${id}`, { method: 'PATCH', body });

export const newSetupLink = (id: number) => consoleFetch<StaffInvite>(`/staff/${id}/setup_link`, { method: 'POST' });

// The server's rules, mirrored so the console offers only what it would accept: nobody
// changes their own role or blocks themselves, and only an owner makes or changes an owner.

/** The roles `me` may give. */
export function assignableRoles(me: StaffSession): StaffRole[] {
  return STAFF_ROLES.filter((r) => r !== 'owner' || me.staff.role === 'owner');
}

/** Whether `me` may change `member` at all (role, block, a new link). */
export function canManage(me: StaffSession, member: Staff): boolean {
  if (member.id === me.staff.id) return false;
  return member.role !== 'owner' || me.staff.role === 'owner';
}
