export default function BillingView() {
  return (
    <section className="card">
      <h2>Billing History</h2>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
