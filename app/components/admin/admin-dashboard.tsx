import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft } from '~/components/ui/icons';
import { useState } from 'react';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import type { AdminPermission } from '@domain/staff-roles';
import { STAFF_ROLE_LABELS } from '@domain/staff-roles';
import { TAX_MESSAGES } from '@domain/tax';
import { ActivityTab } from './activity-tab';
import { AdminIdentityContext, useAdminIdentityQuery } from './admin-identity';
import { StaffTab } from './staff-tab';
import { endAdminSession } from '~/lib/admin/admin-api';
import { BackupsTab } from './backups-tab';
import { CustomersTab } from './customers-tab';
import { DashboardTab } from './dashboard-tab';
import { DiscountsTab } from './discounts-tab';
import { DonationsTab } from './donations-tab';
import { MailTab } from './mail-tab';
import { MarginsTab } from './margins-tab';
import { OrdersTab } from './orders-tab';
import { PagesTab } from './pages-tab';
import { ProductsTab } from './products-tab';
import { TaxTab } from './tax-tab';
import { useAdminSessionLifecycle } from './use-admin-session-lifecycle';

/** Each tab shows only to a role holding its permission (issue 27, domain/staff-roles.ts). */
const TABS: readonly { value: string; label: string; permission: AdminPermission }[] = [
  { value: 'dashboard', label: ADMIN_MESSAGES.tabDashboard, permission: 'dashboard.view' },
  { value: 'products', label: ADMIN_MESSAGES.tabProducts, permission: 'products.view' },
  { value: 'margins', label: ADMIN_MESSAGES.tabMargins, permission: 'products.view' },
  { value: 'orders', label: ADMIN_MESSAGES.tabOrders, permission: 'orders.view' },
  { value: 'customers', label: ADMIN_MESSAGES.tabCustomers, permission: 'customers.view' },
  // Issue 26: the owner's discount codes (Owner, Manager).
  { value: 'discounts', label: 'Discounts', permission: 'discounts.manage' },
  // Issue 11 item 7: donations are listed apart from orders.
  { value: 'donations', label: 'Donations', permission: 'donations.view' },
  // Issue 32 item 11: the policy pages' texts.
  { value: 'pages', label: 'Pages', permission: 'pages.edit' },
  // Issue 28: the owner's backups.
  { value: 'backups', label: 'Backups', permission: 'backups.manage' },
  // Issue 25: where the shop collects sales tax (Owner), and the report to file with (Owner, Manager).
  { value: 'tax', label: TAX_MESSAGES.tabTitle, permission: 'tax.report' },
  // Issue 27: who did what, and the team.
  { value: 'activity', label: 'Activity', permission: 'activity.view' },
  { value: 'staff', label: 'Staff', permission: 'staff.manage' },
  // Issue 30: e-mails given up after 24 hours of retries, with Send again.
  { value: 'mail', label: 'Mail', permission: 'mail.manage' },
];

/** The signed-in admin (SPEC §2 Admin): title, Back to Store, the five tabs, Donations (issue 11) and Pages (issue 32). */
/** The tabs whose panel takes no props. */
const PLAIN_TABS = [
  { value: 'margins', Panel: MarginsTab },
  { value: 'orders', Panel: OrdersTab },
  { value: 'customers', Panel: CustomersTab },
  { value: 'discounts', Panel: DiscountsTab },
  { value: 'donations', Panel: DonationsTab },
  { value: 'pages', Panel: PagesTab },
  { value: 'backups', Panel: BackupsTab },
  { value: 'tax', Panel: TaxTab },
  { value: 'activity', Panel: ActivityTab },
  { value: 'mail', Panel: MailTab },
];

export function AdminDashboard({ refreshMs }: { refreshMs: number }) {
  useAdminSessionLifecycle();
  const identity = useAdminIdentityQuery();
  const [chosenTab, setTab] = useState<string | null>(null);
  // The dashboard's low-stock card opens a product's dialog on the Products tab.
  const [editProductId, setEditProductId] = useState<string | null>(null);

  const me = identity.data ?? null;
  const tabs = me ? TABS.filter((entry) => me.permissions.includes(entry.permission)) : [];
  const tab =
    chosenTab && tabs.some((entry) => entry.value === chosenTab) ? chosenTab : (tabs[0]?.value ?? 'dashboard');
  const shown = new Set(tabs.map((entry) => entry.value));

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{ADMIN_MESSAGES.adminDashboard}</h1>
          {me && (
            <p className="mt-1 text-sm text-muted" data-testid="admin-identity">
              {me.actor} · {STAFF_ROLE_LABELS[me.role]}
            </p>
          )}
        </div>
        <a
          href="/"
          onClick={() => endAdminSession()}
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {ADMIN_MESSAGES.backToStore}
        </a>
      </div>
      {identity.isError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {identity.error instanceof Error ? identity.error.message : ADMIN_MESSAGES.adminSessionMissing}
        </p>
      )}
      {me && (
        <AdminIdentityContext.Provider value={me}>
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List
              aria-label={ADMIN_MESSAGES.adminDashboard}
              className="mb-6 flex flex-wrap gap-1 rounded-xl bg-brand-50 p-1"
            >
              {tabs.map((tab) => (
                <Tabs.Trigger
                  key={tab.value}
                  value={tab.value}
                  className="min-w-fit flex-1 rounded-lg px-3 py-2 text-sm font-medium text-muted transition hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm"
                >
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {shown.has('dashboard') && (
              <Tabs.Content value="dashboard">
                <DashboardTab
                  refreshMs={refreshMs}
                  onOpenBackups={() => setTab('backups')}
                  onOpenMail={() => setTab('mail')}
                  onOpenProduct={(productId) => {
                    setEditProductId(productId);
                    setTab('products');
                  }}
                />
              </Tabs.Content>
            )}
            {shown.has('products') && (
              <Tabs.Content value="products">
                <ProductsTab editProductId={editProductId} onEditOpened={() => setEditProductId(null)} />
              </Tabs.Content>
            )}
            {PLAIN_TABS.filter(({ value }) => shown.has(value)).map(({ value, Panel }) => (
              <Tabs.Content key={value} value={value}>
                <Panel />
              </Tabs.Content>
            ))}
            {shown.has('staff') && (
              <Tabs.Content value="staff">
                <StaffTab selfId={me.staffMemberId} />
              </Tabs.Content>
            )}
          </Tabs.Root>
        </AdminIdentityContext.Provider>
      )}
    </main>
  );
}
