/**
 * Who the signed-in admin is and what their role allows (issue 27): GET /api/admin/session
 * answers the actor and the role's permissions from domain/staff-roles.ts, and each tab and
 * control asks `useCan`. Hiding is for the eye only: every endpoint checks the role itself.
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { AdminIdentity } from '@domain/staff-contract';
import type { AdminPermission } from '@domain/staff-roles';
import { adminGet } from '~/lib/admin/admin-api';

export const ADMIN_IDENTITY_KEY = ['admin', 'identity'];

export function useAdminIdentityQuery() {
  return useQuery({
    queryKey: ADMIN_IDENTITY_KEY,
    queryFn: () => adminGet<AdminIdentity>('/api/admin/session'),
    staleTime: 30_000,
  });
}

export const AdminIdentityContext = createContext<AdminIdentity | null>(null);

export function useAdminIdentity(): AdminIdentity | null {
  return useContext(AdminIdentityContext);
}

export function useCan(permission: AdminPermission): boolean {
  return useAdminIdentity()?.permissions.includes(permission) ?? false;
}
