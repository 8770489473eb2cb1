export default function UpdateLoginView() {
  return (
    <section className="card">
      <h2>Login Details</h2>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
