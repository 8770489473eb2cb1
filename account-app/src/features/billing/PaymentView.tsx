export default function PaymentView() {
  return (
    <section className="card">
      <h2>Payment Methods</h2>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
