/**
 * The browser's proof-of-work solver hashes synchronously (site/kit/bot-check.ts) for speed; its tokens must be the
 * ones the API's altcha-lib check accepts, at the usual cost and at a raised one.
 */
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect, test } from 'vitest';
import { solveAltcha } from '../../site/kit/bot-check.ts';

const secret = 'solver-test-secret';

for (const cost of [1, 8]) {
  test(`a token solved in the browser passes the API's check (cost ${cost})`, async () => {
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost, keyPrefix: '00', deriveKey, hmacSignatureSecret: secret });
    const token = await solveAltcha(challenge);
    expect(token).toBeTruthy();
    const { solution } = JSON.parse(Buffer.from(token!, 'base64').toString('utf8'));
    expect((await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: secret })).verified).toBe(true);
    const forged = { ...solution, counter: solution.counter + 1 };
    expect((await verifySolution({ challenge, solution: forged, deriveKey, hmacSignatureSecret: secret })).verified).toBe(false);
  });
}
