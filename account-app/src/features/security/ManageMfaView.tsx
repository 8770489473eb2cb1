export default function ManageMfaView() {
  return (
    <section className="card">
      <h2>Two-Factor Authentication</h2>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
