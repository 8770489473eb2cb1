export default function ContactInfoView() {
  return (
    <section className="card">
      <h2>Contact Information</h2>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
