import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft } from '~/components/ui/icons';
import { useState } from 'react';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { endAdminSession } from '~/lib/admin/admin-api';
import { BackupsTab } from './backups-tab';
import { CustomersTab } from './customers-tab';
import { DashboardTab } from './dashboard-tab';
import { DonationsTab } from './donations-tab';
import { MailTab } from './mail-tab';
import { MarginsTab } from './margins-tab';
import { OrdersTab } from './orders-tab';
import { PagesTab } from './pages-tab';
import { ProductsTab } from './products-tab';
import { useAdminSessionLifecycle } from './use-admin-session-lifecycle';

const TABS = [
  { value: 'dashboard', label: ADMIN_MESSAGES.tabDashboard },
  { value: 'products', label: ADMIN_MESSAGES.tabProducts },
  { value: 'margins', label: ADMIN_MESSAGES.tabMargins },
  { value: 'orders', label: ADMIN_MESSAGES.tabOrders },
  { value: 'customers', label: ADMIN_MESSAGES.tabCustomers },
  // Issue 11 item 7: donations are listed apart from orders.
  { value: 'donations', label: 'Donations' },
  // Issue 32 item 11: the policy pages' texts.
  { value: 'pages', label: 'Pages' },
  // Issue 28: the owner's backups (Owner only once staff roles exist).
  { value: 'backups', label: 'Backups' },
  // Issue 30: e-mails given up after 24 hours of retries, with Send again.
  { value: 'mail', label: 'Mail' },
] as const;

/** The signed-in admin (SPEC §2 Admin): title, Back to Store, the five tabs, Donations (issue 11) and Pages (issue 32). */
/** The tabs whose panel takes no props. */
const PLAIN_TABS = [
  { value: 'margins', Panel: MarginsTab },
  { value: 'orders', Panel: OrdersTab },
  { value: 'customers', Panel: CustomersTab },
  { value: 'donations', Panel: DonationsTab },
  { value: 'pages', Panel: PagesTab },
  { value: 'backups', Panel: BackupsTab },
  { value: 'mail', Panel: MailTab },
];

export function AdminDashboard({ refreshMs }: { refreshMs: number }) {
  useAdminSessionLifecycle();
  const [tab, setTab] = useState<string>('dashboard');
  // The dashboard's low-stock card opens a product's dialog on the Products tab.
  const [editProductId, setEditProductId] = useState<string | null>(null);

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{ADMIN_MESSAGES.adminDashboard}</h1>
        <a
          href="/"
          onClick={() => endAdminSession()}
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {ADMIN_MESSAGES.backToStore}
        </a>
      </div>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label={ADMIN_MESSAGES.adminDashboard}
          className="mb-6 flex flex-wrap gap-1 rounded-xl bg-brand-50 p-1"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="min-w-fit flex-1 rounded-lg px-3 py-2 text-sm font-medium text-muted transition hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
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
        <Tabs.Content value="products">
          <ProductsTab editProductId={editProductId} onEditOpened={() => setEditProductId(null)} />
        </Tabs.Content>
        {PLAIN_TABS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value}>
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </main>
  );
}
