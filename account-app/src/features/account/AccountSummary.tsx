/** Account Information (/account/summary, control-panel spec §2): a stand-in until the account feature lands. */
export function AccountSummary() {
  return (
    <main id="main" className="container account-main">
      <h1>Account Information</h1>
    </main>
  );
}
