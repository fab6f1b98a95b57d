import { useState } from 'react';
import { PageHeader } from '@web/components/dashboard/page-header';
import * as dash from '@web/components/dashboard/dashboard.css';
import { Button } from '@web/components/ui/button';
import { container } from '@web/components/ui/surface.css';
import { SignedInGate } from '@web/features/user';
import type { Product } from '@src/domain/entities';
import { ListingDialog } from './listing-dialog';
import { SellerOverview } from './seller-overview';

/** Route /seller-dashboard (My Listings): the seller's products, sales and their totals. */
export default function SellerDashboard() {
  return (
    <div className={`${container} ${dash.page}`}>
      <SignedInGate purpose="manage your listings" header={<SellerHeader />}>
        {() => <Listings />}
      </SignedInGate>
    </div>
  );
}

/** Title and subtitle; New Listing once signed in. */
export function SellerHeader({ onNewListing }: { onNewListing?: () => void }) {
  return (
    <PageHeader
      title="My Listings"
      subtitle="manage your products and track sales"
      actions={onNewListing ? <Button onClick={onNewListing}>New Listing</Button> : undefined}
    />
  );
}

function Listings() {
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  return (
    <>
      <SellerHeader onNewListing={() => setEditing({ product: null })} />
      <SellerOverview onEdit={(product) => setEditing({ product })} />
      <ListingDialog
        open={editing !== null}
        product={editing?.product ?? null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
