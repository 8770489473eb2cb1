/** Country choices for the contact form: the contract's one list (ISO 3166 codes, English names, United States first). */
export { countryOptions } from '../../../api/contract/countries.ts';
