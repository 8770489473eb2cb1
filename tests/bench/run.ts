/** `npm run bench`: every benchmark in turn; each prints its own figures. Not part of npm test. */
export {};
const benches: { name: string; module: string; fn: string }[] = [
  { name: 'API throughput, cold start, build', module: './api.ts', fn: 'runApiBench' },
  { name: 'Domain search socket', module: './search.ts', fn: 'runSearchBench' },
  { name: 'Sandbox EPP server (commands per second, check latency)', module: './epp.ts', fn: 'runEppBench' },
  { name: 'Checkout', module: './checkout.ts', fn: 'runCheckoutBench' },
  { name: 'Checkout after a crash', module: './checkout-crash.ts', fn: 'runCheckoutCrashBench' },
  { name: 'Nightly renewal run', module: './renewals.ts', fn: 'runRenewalBench' },
  { name: 'Price sync of the whole catalogue', module: './price-sync.ts', fn: 'runPriceSyncBench' },
  { name: 'Escrow full deposit', module: './escrow.ts', fn: 'runEscrowBench' },
  { name: 'DNS (built-in server beside NSD; the site during a flood; 100,000 zones)', module: './dns.ts', fn: 'runDnsBench' },
  { name: 'PowerDNS publishing (real pdns-server)', module: './powerdns.ts', fn: 'runPowerDnsBench' },
  { name: 'Mail receiver (throughput, memory under a flood)', module: './mail.ts', fn: 'runMailBench' },
  { name: 'Editors’ live preview (npm run dev)', module: './dev-preview.ts', fn: 'runDevPreviewBench' },
  { name: 'Lighthouse and page weight', module: './lighthouse.ts', fn: 'runLighthouseBench' },
];

let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench.name} ===`);
  try {
    const mod = await import(bench.module);
    await mod[bench.fn]();
  } catch (error) {
    failed++;
    console.error(`${bench.name} failed: ${(error as Error).message}`);
  }
}
process.exit(failed ? 1 : 0);
