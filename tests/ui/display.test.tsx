// @vitest-environment happy-dom
/** The kit's money, date and domain name displays, and its Success and Error! modals. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { DateText } from '@kit/DateText.tsx';
import { DomainName } from '@kit/DomainName.tsx';
import { Money } from '@kit/Money.tsx';
import { ErrorModal, SuccessModal } from '@kit/ResultModals.tsx';

afterEach(cleanup);

test('money shows integer cents as dollars, with the period when given', () => {
  render(
    <ul>
      <li>
        Email plan: <Money cents={500} per="mo" />
      </li>
      <li>
        Renewal: <Money cents={123456} />
      </li>
    </ul>,
  );
  const [plan, renewal] = screen.getAllByRole('listitem');
  expect(plan.textContent).toBe('Email plan: $5.00/mo');
  expect(renewal.textContent).toBe('Renewal: $1,234.56');
});

test('a date shows as "MMM d, yyyy", and a missing one as a dash', () => {
  // Noon UTC is the same calendar day in every time zone the test may run in.
  render(
    <dl>
      <dt>Expiration date</dt>
      <dd>
        <DateText value="2027-03-04T12:00:00Z" />
      </dd>
      <dt>Auto-renew</dt>
      <dd>
        <DateText value={null} />
      </dd>
    </dl>,
  );
  const [expires, autoRenew] = screen.getAllByRole('definition');
  expect(expires.textContent).toBe('Mar 4, 2027');
  expect(expires.querySelector('time')?.getAttribute('datetime')).toBe('2027-03-04T12:00:00.000Z');
  expect(autoRenew.textContent).toBe('—');
});

test('the Error! modal is named "Error!" and shows the message', () => {
  const onClose = vi.fn();
  render(<ErrorModal open message="Please enter a valid website address" onClose={onClose} />);
  expect(screen.getByRole('dialog', { name: 'Error!' }).textContent).toContain('Please enter a valid website address');
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  expect(onClose).toHaveBeenCalled();
});

test('the Success modal closes on Done and follows its redirect', () => {
  const onClose = vi.fn();
  const navigate = vi.fn();
  render(<SuccessModal open message="Your domain is now parked!" redirect="/account/domains" navigate={navigate} onClose={onClose} />);
  expect(screen.getByRole('dialog', { name: 'Success!' }).textContent).toContain('Your domain is now parked!');
  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  expect(onClose).toHaveBeenCalled();
  expect(navigate).toHaveBeenCalledWith('/account/domains');
});

test('a domain name may wrap only after its dots: each label whole, the text itself unchanged', () => {
  const { container } = render(
    <p>
      <DomainName name="brightbeanbakery.org" /> and <DomainName name="_sip._tcp" /> and <DomainName name={`${'x'.repeat(40)}.com`} />
    </p>,
  );
  const [bakery, sip, long] = [...container.querySelectorAll('.domain-name')];
  expect(bakery.textContent).toBe('brightbeanbakery.org');
  expect(bakery.innerHTML).toBe('<span class="domain-label">brightbeanbakery.</span><wbr><span class="domain-label">org</span>');
  expect([...sip.querySelectorAll('.domain-label')].map((label) => label.textContent)).toEqual(['_sip.', '_tcp']);
  expect(sip.querySelectorAll('wbr')).toHaveLength(1);
  // A label no phone fits on one line may break inside rather than run off the screen.
  expect(long.querySelector('.domain-label')?.className).toBe('domain-label is-long');
});
