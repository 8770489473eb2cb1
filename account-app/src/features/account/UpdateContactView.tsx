export default function UpdateContactView() {
  return (
    <section className="card">
      <h2>Edit Contact</h2>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
