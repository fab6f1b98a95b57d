import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { MarketplacePage } from '@web/features/marketplace';
import { AppLayout } from './layout/app-layout';
import NotFoundPage from './not-found-page';

// The dashboards load on demand: the marketplace's first load carries only what it shows.
const BuyerDashboard = lazy(() => import('@web/features/buyer'));
const SellerDashboard = lazy(() => import('@web/features/seller'));
/** The admin page's code; a reload of /admin-dashboard asks for it at once (early-requests). */
export const loadAdminDashboard = () => import('@web/features/admin');
const AdminDashboard = lazy(loadAdminDashboard);
const SellerPage = lazy(() => import('@web/features/seller-page'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <MarketplacePage /> },
      { path: '/buyer-dashboard', element: <BuyerDashboard /> },
      { path: '/seller-dashboard', element: <SellerDashboard /> },
      { path: '/admin-dashboard', element: <AdminDashboard /> },
      { path: '/seller/:id', element: <SellerPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
