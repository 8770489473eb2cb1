/**
 * The proof of work asked for after failed staff sign-ins on one email grows with each further failure: each refusal
 * carries a challenge twice as costly as the last (up to 128 times the first), and a cheaper proof is refused.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, staffPassword } from '../../fixtures/staff.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  // The cheapest prefix keeps the test quick; the costs asked for are what is checked.
  t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1' } });
});
afterAll(() => t.close());

type Challenge = { parameters: { cost: number; keyPrefix: string } };

async function tokenFor(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A wrong password from a fresh address (so only the per-email count grows); returns the challenge it was asked to solve. */
async function guess(client: TestClient, email: string): Promise<Challenge> {
  const asked = await client.post('/api/admin/session', { email, password: 'a wrong password' });
  expect(asked.status).toBe(400);
  expect(asked.body.data).toMatchObject({ botCheckRequired: true, challenge: { provider: 'altcha' } });
  const challenge = asked.body.data.challenge.challenge as Challenge;
  const answered = await client.post('/api/admin/session', { email, password: 'a wrong password', recaptchaToken: await tokenFor(challenge) });
  expect(answered.body.message).toBe('The email or password is incorrect.');
  return challenge;
}

describe('the bot check after failed staff sign-ins', () => {
  it('doubles its cost with each further failure, up to a bound, and refuses a proof cheaper than asked', async () => {
    const staff = await createTestStaff(t, 'owner');
    for (let i = 0; i < 5; i++) {
      const free = await t.client({ ip: `198.51.100.${i}` }).post('/api/admin/session', { email: staff.email, password: 'a wrong password' });
      expect(free.body.message).toBe('The email or password is incorrect.');
    }
    const costs: number[] = [];
    for (let i = 0; i < 20; i++) costs.push((await guess(t.client({ ip: `203.0.113.${i}` }), staff.email)).parameters.cost);
    expect(costs).toEqual([1, 2, 4, 8, 16, 32, 64, ...Array(13).fill(128)]);
    // At the default difficulty (three zero hex digits, 4,096 tries on average) twenty proofs in a row take over seven
    // million SHA-256 rounds where they took 82,000: seconds of work, not a fraction of one.
    const rounds = costs.reduce((sum, cost) => sum + cost * 16 ** 3, 0);
    expect(rounds).toBeGreaterThan(7_000_000);

    // The usual challenge (cost 1) is no longer enough, even with the right password; the refusal says what is.
    const owner = t.client({ ip: '192.0.2.77' });
    const cheap = await owner.post('/api/admin/session', { email: staff.email, password: staffPassword, recaptchaToken: await owner.botToken() });
    expect(cheap.status).toBe(400);
    expect(cheap.body.message).toBe('This verification is not enough any more. Please try again.');
    expect(cheap.body.data.challenge.challenge.parameters.cost).toBe(128);
    // A proof of the cost asked for lets the owner in.
    const hard = await owner.post('/api/admin/session', {
      email: staff.email,
      password: staffPassword,
      recaptchaToken: await tokenFor(cheap.body.data.challenge.challenge),
    });
    expect(hard.status).toBe(200);
    expect(hard.body.next).toBe('mfa');
  });

  it('cannot be made cheaper by editing the signed cost', async () => {
    const staff = await createTestStaff(t, 'viewer');
    for (let i = 0; i < 5; i++) await t.client({ ip: `198.51.100.${50 + i}` }).post('/api/admin/session', { email: staff.email, password: 'a wrong password' });
    for (let i = 0; i < 3; i++) await guess(t.client({ ip: `203.0.113.${100 + i}` }), staff.email);
    const client = t.client({ ip: '198.51.100.99' });
    const asked = await client.post('/api/admin/session', { email: staff.email, password: 'a wrong password' });
    const challenge = asked.body.data.challenge.challenge as Challenge;
    expect(challenge.parameters.cost).toBe(8);
    const forged = await client.post('/api/admin/session', {
      email: staff.email,
      password: 'a wrong password',
      recaptchaToken: await tokenFor({ ...challenge, parameters: { ...challenge.parameters, cost: 1 } }),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.data).toMatchObject({ botCheckRequired: true });
  });
});
