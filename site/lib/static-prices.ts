/**
 * The static pages' prices (NetPrice.astro) and their tax note: the HTML says net prices; once the visitor's country is
 * known (site/stores/prices-for.ts) each is shown as that country expects, rounded as the cart rounds it. No framework:
 * the home page and the price cards load no React for this.
 */
import { shownPrice } from '../../api/contract/billing/tax.ts';
import { formatMoney } from '../../api/contract/money.ts';
import { shortPrice } from '../components/short-price.ts';
import { $pricesFor, includedTaxNote } from '../stores/prices-for.ts';

function render(element: HTMLElement, cents: number): void {
  const format = element.dataset.format;
  if (format !== 'figure') {
    element.textContent = format === 'short' ? shortPrice(cents) : formatMoney(cents);
    return;
  }
  const [dollars, fraction] = formatMoney(cents).split('.');
  const small = document.createElement('span');
  small.className = 'price-cents';
  small.textContent = fraction === '00' ? '' : `.${fraction}`;
  element.replaceChildren(dollars, small);
}

let started = false;

export function startStaticPrices(): void {
  if (started) return;
  started = true;
  $pricesFor.subscribe((pricesFor) => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-net-price]')) {
      render(element, shownPrice(Number(element.dataset.netPrice), pricesFor));
    }
    const note = includedTaxNote(pricesFor);
    for (const element of document.querySelectorAll<HTMLElement>('[data-prices-note]')) {
      element.textContent = note;
      element.hidden = !note;
    }
  });
}
