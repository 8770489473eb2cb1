/**
 * The limits on signing in (POST /api/session): a bot check, not a lockout, after failed passwords on one email; bursts
 * from many addresses; the owner still getting in; code guessing across challenges; challenges per account; one address
 * across many accounts.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { accountPassword as password, useSignInContext } from '../../fixtures/sign-in.ts';

const { t, makeAccount, freshClient, passwordStep } = useSignInContext();

describe('rate limits', () => {
  it('asks for a bot check, not a lockout, after five failed passwords on one email, the same whether it has an account or not', async () => {
    const person = await makeAccount({ withTotp: false });
    const answers: Record<string, { status: number; body: any }[]> = {};
    for (const email of [person.email, 'ghost@example.com']) {
      answers[email] = [];
      for (let i = 0; i < 6; i++) answers[email].push(await freshClient().post('/api/session', { email, password: `guess-${i}` }));
    }
    for (const results of Object.values(answers)) {
      expect(results.slice(0, 5).map((r) => r.body.message)).toEqual(Array(5).fill('The email or password is incorrect.'));
      expect(results[5].status).toBe(400);
      expect(results[5].body.data).toEqual({ botCheckRequired: true });
      expect(results[5].body.message).not.toMatch(/ghost|exist|account/i);
    }
    expect(answers['ghost@example.com'][5].body).toEqual(answers[person.email][5].body);
    // With a solved bot check the password is judged again: a person can keep trying, and so can the owner.
    const human = freshClient();
    const wrong = await human.post('/api/session', { email: person.email, password: 'still-wrong', recaptchaToken: await human.botToken() });
    expect(wrong.body.message).toBe('The email or password is incorrect.');
    const owner = freshClient();
    const right = await owner.post('/api/session', { email: person.email, password, recaptchaToken: await owner.botToken() });
    expect(right.status).toBe(200);
    expect(right.body.redirect).toBe('/account');
  });

  it('judges at most five of fifty wrong passwords sent at once from fifty addresses', async () => {
    const person = await makeAccount({ withTotp: false });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.client({ ip: `203.0.113.${100 + i}` }).post('/api/session', { email: person.email, password: `burst-${i}` })),
    );
    const judged = answers.filter((a) => a.body.message === 'The email or password is incorrect.');
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.data?.botCheckRequired === true)).toHaveLength(50 - judged.length);
  });

  it('signs the owner in with password and authenticator code while strangers guess from 60 addresses', async () => {
    const person = await makeAccount();
    const guesses = [];
    for (let i = 1; i <= 60; i++) {
      guesses.push(await t.client({ ip: `203.0.113.${i}` }).post('/api/session', { email: person.email, password: `guess-${i}` }));
    }
    expect(guesses.map((g) => g.status)).toEqual(Array(60).fill(400));
    // Past the fifth failure no stranger's script learns anything more about the password without a proof of work.
    expect(guesses.slice(5).every((g) => g.body.data?.botCheckRequired === true)).toBe(true);

    const owner = freshClient();
    const asked = await owner.post('/api/session', { email: person.email, password });
    expect(asked.status).toBe(400);
    expect(asked.body.data).toEqual({ botCheckRequired: true });
    expect((await owner.get('/api/carts/0')).body.$isLoggedIn).toBe(false);
    // What the login page then does out of sight: solve a challenge and send the same request again.
    const first = await owner.post('/api/session', { email: person.email, password, recaptchaToken: await owner.botToken() });
    expect(first.status).toBe(200);
    const picked = await owner.post('/api/session', { mfaId: first.body.mfas[0].mfaId });
    expect(picked.status).toBe(200);
    const done = await owner.post('/api/session', {
      mfaChallengeId: picked.body.mfaChallengeId,
      mfaId: first.body.mfas[0].mfaId,
      mfaToken: person.totp.generate(),
    });
    expect(done.status).toBe(200);
    expect(done.body.redirect).toBe('/account');
    expect((await owner.get('/api/carts/0')).body.$isLoggedIn).toBe(true);
  });

  it('does not count successful sign-ins against the account', async () => {
    const person = await makeAccount({ withTotp: false });
    for (let i = 0; i < 12; i++) expect((await freshClient().post('/api/session', { email: person.email, password })).status).toBe(200);
  });

  it('stops code guessing across fresh challenges once ten wrong codes were tried', async () => {
    const person = await makeAccount();
    const wrong = person.totp.generate() === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const client = freshClient();
      const { mfas: methods } = await passwordStep(client, person.email);
      const picked = await client.post('/api/session', { mfaId: methods[0].mfaId });
      for (let i = 0; i < 4; i++) {
        const res = await client.post('/api/session', { mfaChallengeId: picked.body.mfaChallengeId, mfaId: methods[0].mfaId, mfaToken: wrong });
        statuses.push(res.status);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits how many authenticator challenges one account can start, as for texted codes', async () => {
    const person = await makeAccount();
    const client = freshClient();
    const { mfas: methods } = await passwordStep(client, person.email);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await client.post('/api/session', { mfaId: methods[0].mfaId })).status);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
  });

  it('limits one address across many accounts', async () => {
    // The limit's count is a sliding estimate: attempts that straddle the edge of its 15-minute window count the earlier
    // window's share at less than one each, so the 51st would pass. The clock stands still for the fifty-one.
    const restoreClock = useClock(new ManualClock(new Date()));
    try {
      const client = freshClient();
      const statuses: number[] = [];
      for (let i = 0; i < 51; i++) statuses.push((await client.post('/api/session', { email: `user${i}@example.com`, password: 'x' })).status);
      expect(statuses.slice(0, 50).every((s) => s === 400)).toBe(true);
      expect(statuses[50]).toBe(429);
    } finally {
      restoreClock();
    }
    // Fifty-one argon2id checks at production cost take seconds on a busy two-core machine.
  }, 90_000);
});
