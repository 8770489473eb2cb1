// @vitest-environment happy-dom
/** The kit's form field: the label names the control, the error text is read with it and marks it invalid. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { Field, TextField } from '@kit/Field.tsx';

afterEach(cleanup);

/** What a screen reader reads after the name: the texts the control's aria-describedby points at. */
function descriptionOf(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

test('a text field is named by its label and carries no error while valid', () => {
  render(<TextField label="Username" hint="Letters, digits and dots" defaultValue="hello" />);
  const input = screen.getByRole('textbox', { name: 'Username' });
  expect(input.getAttribute('aria-invalid')).toBeNull();
  expect(descriptionOf(input)).toBe('Letters, digits and dots');
});

test('the error text shows under the field, describes it and marks it invalid', () => {
  render(<TextField label="Username" hint="Letters, digits and dots" error="Username is required" />);
  const input = screen.getByRole('textbox', { name: 'Username' });
  expect(screen.getByText('Username is required')).toBeTruthy();
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(descriptionOf(input)).toBe('Letters, digits and dots Username is required');
});

test('Field wires any control, a select here, the same way', () => {
  render(
    <Field label="Record type" error="Choose a record type">
      {(control) => (
        <select className="select" {...control}>
          <option value="">Choose…</option>
          <option value="A">A</option>
        </select>
      )}
    </Field>,
  );
  const select = screen.getByRole('combobox', { name: 'Record type' });
  expect(descriptionOf(select)).toBe('Choose a record type');
});
