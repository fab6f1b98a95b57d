/** Placeholder so the route builds; the dashboards engineer replaces it. */
export default function AdminDashboard() {
  return <h1>Admin</h1>;
}
