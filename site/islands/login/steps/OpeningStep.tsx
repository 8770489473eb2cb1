/** While the recovery link in the address is checked. */
export function OpeningStep() {
  return (
    <p className="login-muted">
      <span className="spinner" aria-hidden="true" /> Checking your link…
    </p>
  );
}
