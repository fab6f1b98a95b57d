import { useEffect, useState } from 'react';
import { Tabs } from 'radix-ui';
import { SkeletonRows } from '@web/components/dashboard/load-states';
import { PageHeader } from '@web/components/dashboard/page-header';
import * as dash from '@web/components/dashboard/dashboard.css';
import { Badge } from '@web/components/ui/badge';
import { container } from '@web/components/ui/surface.css';
import { useAtomValue } from '@web/state/jotai';
import { SignedInGate } from '@web/features/user';
import { RECONNECT_GRACE_MS, savedWallet, useWallet } from '@web/features/wallet';
import { AccessDenied } from './access-denied';
import { adminAccessAtom } from './admin-atoms';
import { EscrowManagement } from './escrow-management';
import { ProductManagement } from './product-management';

/** While a saved wallet may still reconnect silently, the answer is not known yet. */
function useReconnectPending() {
  const { connected, connecting } = useWallet();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), RECONNECT_GRACE_MS + 500);
    return () => clearTimeout(timer);
  }, []);
  return connecting || (!connected && !waited && savedWallet() !== null);
}

/** Route /admin-dashboard: admins only (server check); everyone else sees Access Denied. */
export default function AdminDashboard() {
  const access = useAtomValue(adminAccessAtom);
  const pending = useReconnectPending();
  if (pending || access === 'loading') {
    return (
      <div className={`${container} ${dash.page}`}>
        <SkeletonRows label="Checking admin access" />
      </div>
    );
  }
  if (access === 'denied') {
    return (
      <div className={`${container} ${dash.page}`}>
        <AccessDenied />
      </div>
    );
  }
  const header = <PageHeader title="Admin Dashboard" badge={<Badge tone="brand">Admin</Badge>} />;
  return (
    <div className={`${container} ${dash.page}`}>
      <SignedInGate purpose="manage the marketplace" header={header}>
        {(user) => (
          <>
            {header}
            <AdminTabs admin={user.walletAddress} />
          </>
        )}
      </SignedInGate>
    </div>
  );
}

function AdminTabs({ admin }: { admin: string }) {
  return (
    <Tabs.Root defaultValue="products">
      <Tabs.List className={dash.tabsList} aria-label="Admin sections">
        <Tabs.Trigger className={dash.tab} value="products">
          Product Management
        </Tabs.Trigger>
        <Tabs.Trigger className={dash.tab} value="escrow">
          Escrow Management
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="products" className={dash.tabPanel}>
        <ProductManagement admin={admin} />
      </Tabs.Content>
      <Tabs.Content value="escrow" className={dash.tabPanel}>
        <EscrowManagement admin={admin} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
