export default function SummaryView() {
  return (
    <section className="card">
      <h2>Summary</h2>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
