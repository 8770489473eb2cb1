// @vitest-environment happy-dom
/**
 * The kit's contact block, as the account app's Account Information and the back office's customer page show a
 * contact: a line each, the phone as people read it (national in the contact's own country, international otherwise)
 * behind a link that dials the stored number, the email as the page writes it, and the page's words for no contact.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { Contact } from '../../api/contract/contact.ts';
import { Address } from '../../admin-app/src/lib/Address.tsx';
import { ContactBlock } from '../../site/kit/ContactBlock.tsx';

afterEach(cleanup);

const grace: Contact = {
  firstName: 'Grace',
  lastName: 'Hopper',
  company: 'Bright Bean Coffee',
  address: '100 Market Street, Suite 5',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
  email: 'grace@example.org',
  phone: '+14155550123',
};

const lines = () => [...screen.getByRole('group').children].map((line) => line.textContent);

test('a contact reads a line each, its phone in the national format at home and a link that dials the stored number', () => {
  render(<ContactBlock contact={grace} />);
  expect(lines()).toEqual([
    'Grace Hopper',
    'Bright Bean Coffee',
    '100 Market Street, Suite 5',
    'San Francisco, CA 94105, US',
    'grace@example.org',
    '(415) 555-0123',
  ]);
  expect(screen.getByRole('link', { name: '(415) 555-0123' }).getAttribute('href')).toBe('tel:+14155550123');
});

test('a number from another country is written internationally; no company, no line for it', () => {
  render(<ContactBlock contact={{ ...grace, company: '', country: 'GB' }} />);
  expect(lines()).toEqual(['Grace Hopper', '100 Market Street, Suite 5', 'San Francisco, CA 94105, GB', 'grace@example.org', '+1 415 555 0123']);
});

test('the back office writes the email its own way and says "None on file" where the account app says "No contact on file yet."', () => {
  const { container } = render(<ContactBlock contact={grace} email={(email) => <Address value={email} />} />);
  expect([...container.querySelectorAll('.address-piece')].map((piece) => piece.textContent)).toEqual(['grace@', 'example.', 'org']);
  expect(screen.getByRole('link', { name: '(415) 555-0123' })).toBeTruthy();
  cleanup();
  render(<ContactBlock contact={null} empty="None on file" />);
  expect(screen.getByText('None on file')).toBeTruthy();
  cleanup();
  render(<ContactBlock contact={null} />);
  expect(screen.getByText('No contact on file yet.')).toBeTruthy();
});
