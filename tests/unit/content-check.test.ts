/** The content check editors see in the terminal and the browser overlay: the real content passes; each mistake is named. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContent, formatProblem } from '../../site/lib/content-check.ts';

const repo = path.resolve(import.meta.dirname, '../..');
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dotspot-content-'));
  for (const dir of ['content', 'site/pages', 'site/public']) cpSync(path.join(repo, dir), path.join(root, dir), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function edit(file: string, change: (text: string) => string) {
  const full = path.join(root, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(full, after);
}

const lineOf = (file: string, needle: string) =>
  readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(needle)) + 1;

describe('content check', () => {
  it('finds nothing wrong with the content as shipped', () => {
    expect(checkContent(repo).map(formatProblem)).toEqual([]);
  });

  it('names a misspelt front-matter field, its line and the field meant', () => {
    edit('content/pages/about.mdx', (text) => text.replace(/^description:/m, 'descripton:'));
    expect(checkContent(root)).toEqual(
      expect.arrayContaining([
        {
          file: 'content/pages/about.mdx',
          line: lineOf('content/pages/about.mdx', 'descripton:'),
          message: 'Unknown front-matter field "descripton"',
          fix: 'Did you mean "description"? Write description: instead',
        },
        expect.objectContaining({ file: 'content/pages/about.mdx', message: 'The required field "description" is missing' }),
      ]),
    );
  });

  it('names a front-matter value of the wrong kind and how to write it', () => {
    edit('content/blog/how-domain-transfers-work.mdx', (text) => text.replace(/^pubDate:.*$/m, 'pubDate: "last Tuesday"'));
    const [problem] = checkContent(root);
    expect(problem).toMatchObject({
      file: 'content/blog/how-domain-transfers-work.mdx',
      line: lineOf('content/blog/how-domain-transfers-work.mdx', 'pubDate:'),
    });
    expect(problem.message).toContain('The field "pubDate" is wrong');
    expect(problem.fix).toBe('Write the date as YYYY-MM-DD, e.g. 2026-11-23');
  });

  it('names front matter that is not YAML', () => {
    edit('content/pages/about.mdx', (text) => text.replace(/^title: .*$/m, 'title: "About: us'));
    const [problem] = checkContent(root);
    expect(problem).toMatchObject({ file: 'content/pages/about.mdx', line: lineOf('content/pages/about.mdx', 'title: "About: us') });
    expect(problem.message).toMatch(/^The front matter is not valid YAML/);
  });

  it('names an unknown category key in the price list and suggests the right one', () => {
    edit('content/tlds.csv', (text) => text.replace(/^com,([^,]*)popular/m, 'com,$1popluar'));
    expect(checkContent(root)).toEqual([
      {
        file: 'content/tlds.csv',
        line: lineOf('content/tlds.csv', 'popluar'),
        message: 'Unknown category "popluar"',
        fix: expect.stringMatching(/^Did you mean "popular"\?/),
      },
    ]);
  });

  it('names a price that is not whole cents, with the number to write', () => {
    edit('content/tlds.csv', (text) => text.replace(/^(abogado,professions,,)3999,/m, '$139.99,'));
    expect(checkContent(root)).toEqual([
      {
        file: 'content/tlds.csv',
        line: lineOf('content/tlds.csv', 'abogado,'),
        message: 'The new price "39.99" is not in whole cents',
        fix: 'Prices are whole US cents: write 3999 for $39.99',
      },
    ]);
  });

  it('names an extension listed twice, with both lines', () => {
    const first = lineOf('content/tlds.csv', 'abogado,');
    edit('content/tlds.csv', (text) => `${text.trimEnd()}\nabogado,professions,,3999,3999,3999,8000\n`);
    const last = readFileSync(path.join(root, 'content/tlds.csv'), 'utf8').trimEnd().split('\n').length;
    expect(checkContent(root)).toEqual([
      {
        file: 'content/tlds.csv',
        line: last,
        message: `.abogado is listed twice (first on line ${first})`,
        fix: `Keep one line for .abogado: delete this one or the one on line ${first}`,
      },
    ]);
  });

  it('names a broken internal link and the page probably meant', () => {
    edit('content/pages/about.mdx', (text) => `${text.trimEnd()}\n\nSee our [prices](/pricng).\n`);
    expect(checkContent(root)).toEqual([
      {
        file: 'content/pages/about.mdx',
        line: lineOf('content/pages/about.mdx', '(/pricng)'),
        message: 'The link to /pricng leads to no page',
        fix: 'Did you mean /pricing?',
      },
    ]);
  });

  it('names a link to an anchor the target page does not have', () => {
    edit('content/legal/legal.mdx', (text) => text.replace('/terms#PaymentTerms', '/terms#PaymentTerm'));
    expect(checkContent(root)).toEqual([
      expect.objectContaining({
        file: 'content/legal/legal.mdx',
        message: 'The link to /terms#PaymentTerm points at "#PaymentTerm", which content/legal/terms.mdx does not have',
        fix: 'Did you mean #PaymentTerms?',
      }),
    ]);
  });

  it('names a legal anchor the Terms lost, and how to put it back', () => {
    edit('content/legal/terms.mdx', (text) => text.replace('<h2 id="BrokerageTerms">', '<h2>'));
    expect(checkContent(root)).toEqual(
      expect.arrayContaining([
        {
          file: 'content/legal/terms.mdx',
          line: 1,
          message: 'The Terms have lost the anchor "BrokerageTerms", which the footer, checkout and other pages link to (/terms#BrokerageTerms)',
          fix: 'Put id="BrokerageTerms" on that section\'s heading, e.g. <h2 id="BrokerageTerms">…</h2>',
        },
      ]),
    );
  });
  it('names an unknown payout figure and the one meant', () => {
    edit('content/pages/sell-my-domain.mdx', (text) =>
      text.replace('you receive {sale.networkPayout} of the price', 'you receive {sale.netwrkPayout} of the price'),
    );
    expect(checkContent(root)).toEqual([
      {
        file: 'content/pages/sell-my-domain.mdx',
        line: lineOf('content/pages/sell-my-domain.mdx', '{sale.netwrkPayout}'),
        message: 'Unknown figure "{sale.netwrkPayout}"',
        fix: 'Did you mean {sale.networkPayout}?',
      },
    ]);
  });

  it('refuses a payout or commission typed by hand in the Terms or the Sell My Domain page, front matter included', () => {
    edit('content/legal/terms.mdx', (text) => text.replace('a commission of **{sale.networkCommission}**', 'a commission of **25%**'));
    edit('content/pages/sell-my-domain.mdx', (text) =>
      text.replace('"{sale.forSalePagePayout} of a sale from your For Sale page"', '"85% of a sale from your For Sale page"'),
    );
    const problems = checkContent(root);
    expect(problems.map(({ file, line, message }) => ({ file, line, message }))).toEqual([
      {
        file: 'content/pages/sell-my-domain.mdx',
        line: lineOf('content/pages/sell-my-domain.mdx', '"85% of a sale'),
        message: 'A payout or commission figure typed by hand ("85%")',
      },
      { file: 'content/legal/terms.mdx', line: lineOf('content/legal/terms.mdx', '**25%**'), message: 'A payout or commission figure typed by hand ("25%")' },
    ]);
    expect(problems[0].fix).toContain('{sale.forSalePagePayout} (80%)');
  });

  it('refuses a price typed by hand in marketing copy, naming the price it is, and lets the Terms keep their fees', () => {
    edit('content/pages/email.mdx', (text) => text.replace('for {price.websiteEmail} a month', 'for $8.99 a month'));
    edit('content/blog/domain-parking-vs-forwarding.mdx', (text) => text.replace('5 GB each for {price.email} a month', '5 GB each for $5 a month'));
    const problems = checkContent(root);
    expect(problems).toEqual([
      {
        file: 'content/pages/email.mdx',
        line: lineOf('content/pages/email.mdx', 'for $8.99 a month'),
        message: 'A price typed by hand ("$8.99") stays net for a visitor whose prices include VAT, beside price cards that include it',
        fix: "Write {price.websiteEmail} (the price the cart charges), or {price(8.99)} so it shows as the price cards do, with VAT where the visitor's country includes it (write \\$8.99 for an amount that is not a price of ours)",
      },
      expect.objectContaining({
        file: 'content/blog/domain-parking-vs-forwarding.mdx',
        line: lineOf('content/blog/domain-parking-vs-forwarding.mdx', 'for $5 a month'),
        fix: expect.stringContaining('Write {price.email} or {price.website} or {price.protection} (the price the cart charges), or {price(5)}'),
      }),
    ]);
    // The Terms' fees are the contract's amounts ("plus any applicable taxes"): the check leaves them.
    expect(readFileSync(path.join(root, 'content/legal/terms.mdx'), 'utf8')).toContain('a $25 processing fee');
  });

  it('names an unknown price and the one meant, and an amount it cannot read', () => {
    edit('content/pages/email.mdx', (text) =>
      text.replace('heroSubheading: "Swap', 'heroSubheading: "{price.emial} Swap').replace('for {price.websiteEmail} a month', 'for {price(8,99)} a month'),
    );
    expect(checkContent(root)).toEqual([
      {
        file: 'content/pages/email.mdx',
        line: lineOf('content/pages/email.mdx', '{price.emial}'),
        message: 'Unknown price {price.emial}',
        fix: 'Did you mean {price.email}?',
      },
      expect.objectContaining({
        file: 'content/pages/email.mdx',
        line: lineOf('content/pages/email.mdx', '{price(8,99)}'),
        message: '"{price(8,99)}" is not a price',
      }),
    ]);
  });

  it('leaves a payout typed by hand to the payout check ({sale.…}, not a price)', () => {
    edit('content/pages/sell-my-domain.mdx', (text) => text.replace('| {sale.exampleNetworkPayout} (', '| $700 ('));
    expect(checkContent(root).map(({ message }) => message)).toEqual(['A payout or commission figure typed by hand ("$700")']);
  });
});
