import { createContext, useContext } from 'react';
import type { PermissionName, StaffSession } from '../api/types';
import { can } from './session';

// The signed-in session below the guard: screens read it without handling "signed out".

export const StaffContext = createContext<StaffSession | null>(null);

export function useStaffSession(): StaffSession {
  const session = useContext(StaffContext);
  if (!session) throw new Error('useStaffSession outside a signed-in route');
  return session;
}

export function useCan(permission: PermissionName): boolean {
  return can(useStaffSession(), permission);
}
