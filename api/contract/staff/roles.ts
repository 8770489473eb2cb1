/**
 * The back office's roles and what each may do (DESIGN.md "Staff, roles and the audit log"): the ONE table every
 * /api/admin route is checked against (api/http/staff-auth.ts `allow`), and that the admin app reads to show only
 * what a role may use. Free of zod, so the admin app's first view stays small.
 *
 * Adding a permission: name it in `permissions` with what it lets a staff member do, then give it to the roles that
 * hold it below. tests/api/staff/admin-permissions.test.ts walks every /api/admin route as every role against this table.
 */

export const staffRoles = ['owner', 'support', 'billing', 'compliance', 'viewer'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRole, { label: string; description: string }> = {
  owner: { label: 'Owner', description: 'Everything, including staff accounts and the audit log export' },
  support: { label: 'Support', description: 'Customers, domains, resets and notes; no money' },
  billing: { label: 'Billing', description: 'Orders, refunds, account credit and promo codes' },
  compliance: { label: 'Compliance', description: 'Abuse cases, suspensions, registrant verification and escrow' },
  viewer: { label: 'Viewer', description: 'Reads everything staff can read; changes nothing' },
};

/** Every permission, with what it allows in words the Staff screen shows. */
export const permissions = {
  'staff:manage': 'Invite staff, change their roles, disable them, reset their second factors',
  'audit:read': 'Search the audit log',
  'audit:export': 'Export the audit log as CSV',
  'dashboard:read': 'See the dashboard',
  'customers:read': 'Find customers and read their account (each read of personal data is logged)',
  'customers:help': 'Resend verification and recovery emails, revoke sessions and API tokens',
  'customers:reset-factors': "Reset a customer's second factors after an identity check",
  'customers:notes': 'Add notes to a customer',
  'customers:edit': "Change a customer's contacts and login email at their request",
  'customers:view-as': "View a customer's control panel as they see it (read-only, every page logged)",
  'customers:close': 'Close a customer account that holds no domains (its login stops working, its cards are detached)',
  'domains:read': 'See domains and their live registry state',
  'domains:manage': 'Lock and unlock domains, restore them from redemption',
  'domains:move': 'Move a domain to another account',
  'domains:courtesy-renew': 'Renew a domain at no charge',
  'domains:suspend': 'Suspend and unsuspend domains',
  'domains:delete': 'Delete a domain at the registry (refunded when the registry refunds us: within its add grace period)',
  'orders:read': 'See orders, transactions and failed renewals',
  'orders:refund': 'Refund charges',
  'billing:credit': 'Give account credit',
  'billing:retry-renewals': 'Retry failed auto-renewals',
  'promos:read': 'See promo codes',
  'promos:manage': 'Create and end promo codes',
  'pricing:read': 'See wholesale costs, pricing rules and retail prices',
  'pricing:manage': 'Set pricing rules and sync wholesale costs',
  'jobs:manage': 'Retry failed background jobs',
  'abuse:read': 'See abuse cases',
  'abuse:manage': 'Act on abuse cases',
  'verification:manage': 'Registrant verification: resend, mark verified',
  'escrow:manage': 'Data escrow deposits',
  'registries:read': 'See the registry connections, their health and which one serves an extension',
  'registries:manage': 'Pause and resume a registry connection (its extensions stop selling while it is paused)',
} as const;
export type Permission = keyof typeof permissions;

const everything = Object.keys(permissions) as Permission[];
const reads: Permission[] = ['dashboard:read', 'customers:read', 'domains:read', 'orders:read', 'promos:read', 'abuse:read'];

/** The table: each role's permissions. */
export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  owner: everything,
  support: [
    ...reads,
    'registries:read',
    'customers:help',
    'customers:reset-factors',
    'customers:notes',
    'customers:edit',
    'customers:view-as',
    'customers:close',
    'domains:manage',
    'domains:move',
    'domains:courtesy-renew',
    'domains:delete',
  ],
  billing: [...reads, 'customers:notes', 'orders:refund', 'billing:credit', 'billing:retry-renewals', 'promos:manage', 'pricing:read', 'pricing:manage'],
  compliance: [...reads, 'audit:read', 'audit:export', 'customers:notes', 'domains:suspend', 'abuse:manage', 'verification:manage', 'escrow:manage'],
  viewer: [...reads, 'audit:read'],
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

/**
 * What a route needs beyond a permission: `open` routes are reached before sign-in (signing in, enrolment);
 * `signed-in` ones by any staff member with a finished sign-in (their own session, their own profile).
 */
export type StaffAccess = Permission | 'open' | 'signed-in';
