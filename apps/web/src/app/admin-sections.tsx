import { lazy, type ComponentType } from 'react';
import type { AdminShellSection } from '../features/admin/routes/admin';

/**
 * The sections of the admin's screen (`/admin/<key>`), from every feature that has one: the registry app/
 * composes, so no feature imports another. A feature adds its section with one entry here; `order` places it
 * in the menu (users 10, subscriptions 20 — billing's, pools 30, imports 40, outbox 50, audit 60, page
 * views 70, refused invitations 80). Each section's code loads when it is first shown.
 */
export interface AdminSectionEntry {
  /** The address segment: `/admin/<key>`. */
  key: string;
  label: string;
  order: number;
  load: () => Promise<ComponentType>;
}

const adminTables = () => import('../features/admin/components/admin-tables');

export const ADMIN_SECTIONS: AdminSectionEntry[] = [
  { key: 'users', label: 'Users', order: 10, load: async () => (await adminTables()).UsersSection },
  {
    key: 'subscriptions',
    label: 'Subscriptions',
    order: 20,
    load: async () => (await import('../features/billing/components/admin-billing-section')).AdminBillingSection,
  },
  { key: 'pools', label: 'Pools', order: 30, load: async () => (await adminTables()).PoolsSection },
  {
    key: 'imports',
    label: 'Imports',
    order: 40,
    load: async () => (await import('../features/sports/components/admin-imports-screen')).AdminImportsPanel,
  },
  { key: 'outbox', label: 'Outbox', order: 50, load: async () => (await adminTables()).OutboxSection },
  { key: 'audit', label: 'Audit log', order: 60, load: async () => (await adminTables()).AuditSection },
  { key: 'page-views', label: 'Page views', order: 70, load: async () => (await adminTables()).PageViewsSection },
  {
    key: 'invitations',
    label: 'Refused invitations',
    order: 80,
    load: async () => {
      const [{ RefusedInvitations }, { RefusalActions }] = await Promise.all([
        import('../features/pools/components/refused-invitations'),
        adminTables(),
      ]);
      return function RefusedInvitationsSection() {
        return <RefusedInvitations actions={(refusal) => <RefusalActions refusal={refusal} />} />;
      };
    },
  },
];

/** The registry as the admin screen takes it: in menu order, each section's code loaded on first show. */
export function adminShellSections(entries: readonly AdminSectionEntry[] = ADMIN_SECTIONS): AdminShellSection[] {
  return [...entries]
    .sort((a, b) => a.order - b.order)
    .map((entry) => ({
      key: entry.key,
      label: entry.label,
      Component: lazy(async () => ({ default: await entry.load() })),
    }));
}
