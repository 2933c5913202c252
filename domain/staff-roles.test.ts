import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  PERMISSION_DESCRIPTIONS,
  STAFF_ROLES,
  permissionDenied,
  permissionsOf,
  roleCan,
  roleRank,
  rolesWith,
} from './staff-roles';

describe('the role-to-permission table', () => {
  it('gives the Owner every permission', () => {
    expect(permissionsOf('owner')).toEqual(ADMIN_PERMISSIONS);
  });

  it('gives the Manager everything but staff, tax settings and backups', () => {
    const missing = ADMIN_PERMISSIONS.filter((permission) => !roleCan('manager', permission));
    expect(missing.sort()).toEqual(['backups.manage', 'staff.manage', 'tax.manage']);
    for (const permission of [
      'orders.cancel',
      'orders.export',
      'products.edit',
      'customers.view',
      'donations.view',
      'discounts.manage',
      'activity.view',
      'dashboard.view',
    ] as const) {
      expect(roleCan('manager', permission), permission).toBe(true);
    }
  });

  it('gives Fulfillment only the orders, their fulfillment and the session', () => {
    expect(permissionsOf('fulfillment').sort()).toEqual(['orders.fulfill', 'orders.view', 'session.use']);
    for (const permission of [
      'orders.cancel',
      'orders.export',
      'products.view',
      'customers.view',
      'activity.view',
    ] as const) {
      expect(roleCan('fulfillment', permission), permission).toBe(false);
    }
  });

  it('describes every permission and lists who holds it', () => {
    for (const permission of ADMIN_PERMISSIONS) expect(PERMISSION_DESCRIPTIONS[permission]).toBeTruthy();
    expect(rolesWith('orders.cancel')).toEqual(['manager', 'owner']);
    expect(rolesWith('staff.manage')).toEqual(['owner']);
    expect(rolesWith('orders.view')).toEqual(['fulfillment', 'manager', 'owner']);
  });

  it('refuses an unknown permission', () => {
    expect(roleCan('owner', 'orders.nothing' as never)).toBe(false);
    expect(roleCan('owner', 'nothing.view' as never)).toBe(false);
  });

  it('ranks Owner above Manager above Fulfillment', () => {
    expect(STAFF_ROLES.map(roleRank)).toEqual([3, 2, 1]);
  });

  it('says why a request is refused', () => {
    expect(permissionDenied('fulfillment', 'orders.cancel')).toBe(
      'Your role (Fulfillment) cannot cancel, refund or reopen orders: that needs Owner or Manager.',
    );
    expect(permissionDenied('manager', 'staff.manage')).toBe(
      'Your role (Manager) cannot manage staff and the passcode: that needs Owner.',
    );
  });
});
