/** Placeholder so the route builds; the dashboards engineer replaces it. */
export default function BuyerDashboard() {
  return <h1>My Purchases</h1>;
}
