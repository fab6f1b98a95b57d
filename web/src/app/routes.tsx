import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { MarketplacePage } from '../features/marketplace/marketplace-page';
import { AppLayout } from './layout/app-layout';
import NotFoundPage from './not-found-page';

// The dashboards load on demand: the marketplace's first load carries only what it shows.
const BuyerDashboard = lazy(() => import('../features/buyer/buyer-dashboard'));
const SellerDashboard = lazy(() => import('../features/seller/seller-dashboard'));
const AdminDashboard = lazy(() => import('../features/admin/admin-dashboard'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <MarketplacePage /> },
      { path: '/buyer-dashboard', element: <BuyerDashboard /> },
      { path: '/seller-dashboard', element: <SellerDashboard /> },
      { path: '/admin-dashboard', element: <AdminDashboard /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
