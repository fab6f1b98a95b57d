/** Placeholder so the route builds; the dashboards engineer replaces it. */
export default function SellerDashboard() {
  return <h1>My Listings</h1>;
}
