/** The contract's phone reading (libphonenumber-js), as a chunk of its own that phone-number.ts loads on demand. */
export { toE164 } from '../../../api/contract/phone.ts';
