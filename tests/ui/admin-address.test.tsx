// @vitest-environment happy-dom
/** Addresses in back-office tables: a line may end only after a dot, an `@` or a space, and the text is unchanged. */
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { Address } from '../../admin-app/src/lib/Address.tsx';

afterEach(cleanup);

const piecesOf = (element: Element) => [...element.querySelectorAll('.address-piece')].map((piece) => piece.textContent);

test('an email address breaks only after its @ and its dots, never inside a word', () => {
  const { container } = render(<Address value="compliance@registrar.example" />);
  const address = container.querySelector('.address') as Element;
  expect(address.textContent).toBe('compliance@registrar.example');
  expect(piecesOf(address)).toEqual(['compliance@', 'registrar.', 'example']);
  expect(address.querySelectorAll('wbr')).toHaveLength(2);
  expect(address.querySelectorAll('.is-long')).toHaveLength(0);
});

test('a label with a name and an owner breaks after spaces too; a piece no phone fits may break inside', () => {
  const { container } = render(<Address value={`shop.com (${'x'.repeat(35)}@example.org)`} />);
  const address = container.querySelector('.address') as Element;
  expect(piecesOf(address)).toEqual(['shop.', 'com ', `(${'x'.repeat(35)}@`, 'example.', 'org)']);
  expect([...address.querySelectorAll('.is-long')].map((piece) => piece.textContent)).toEqual([`(${'x'.repeat(35)}@`]);
});
