/**
 * Issue #27's "done when": a real server process is killed with SIGKILL in the middle of 20 concurrent commits, another
 * starts on the same database, and within 60 seconds every order is completed or released, with nothing registered
 * without its capture, nothing captured without registration, no double capture, no authorisation left hanging, the
 * ledger equal to the captures, and every buyer who commits again told the outcome (tests/fixtures/checkout-crash.ts
 * runs the drill; `npm run bench` prints its timings).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrashDrillReport, runCheckoutCrashDrill } from '../../fixtures/checkout-crash.ts';
import { createTestDatabase } from '../../fixtures/test-app.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let report: CrashDrillReport;

beforeAll(async () => {
  database = await createTestDatabase();
  report = await runCheckoutCrashDrill({ databaseUrl: database.url, buyers: 20 });
}, 240_000);
afterAll(() => database?.drop());

describe('a server process killed in the middle of 20 concurrent checkouts', () => {
  it('was killed with orders in flight: some authorised, some with names the registry took whose answer was lost', () => {
    expect(report.buyers).toBe(20);
    expect(report.atKill.answered).toBeLessThan(20);
    expect(report.atKill.authorized).toBeGreaterThan(0);
    expect(report.atKill.deliveredLines).toBeGreaterThan(0);
  });

  it('leaves, once another process runs, every order completed or released within 60 seconds', () => {
    expect(report.final.inProgress).toBe(0);
    expect(report.final.completed + report.final.failed).toBe(20);
    expect(report.broken.notSettledInTime).toEqual([]);
  });

  it('registers nothing without its capture and captures nothing without registration, once', () => {
    expect(report.final.registeredNames).toBeGreaterThan(0);
    expect(report.broken.namesRegisteredWithoutCapture).toEqual([]);
    expect(report.broken.capturesWithoutRegistration).toEqual([]);
    expect(report.broken.doubleCaptures).toEqual([]);
  });

  it('leaves no authorisation hanging, and the ledger equals the captures', () => {
    expect(report.broken.authorisationsLeftHanging).toEqual([]);
    expect(report.broken.ledgerNotEqualToCaptures).toEqual([]);
    expect(report.final.capturedCents).toBeGreaterThan(0);
  });

  it('answers every buyer who commits again with the outcome, never a 409 to wait out', () => {
    expect(report.broken.retriesWithoutOutcome).toEqual([]);
    expect(Object.keys(report.retryStatuses).filter((status) => !['200', '402', '502'].includes(status))).toEqual([]);
  });
});
