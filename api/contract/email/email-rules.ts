/**
 * The email service's rules without zod (control-panel spec §5 "Email forms", §9): limits, messages, the password
 * and address checks. The account app imports this; ./email.ts builds the API's schemas on it.
 */
/** Control-panel spec §9: 5 mailboxes and 5 forwards per domain, 5 GB per mailbox, $5 a month. */
export const emailLimits = { mailbox: 5, forward: 5 } as const;
export const mailboxQuotaGigabytes = 5;
export const emailServicePrice = 500;

export const usernameRequiredMessage = 'Username is required';
export const passwordRequiredMessage = 'Password is required';
export const destinationRequiredMessage = 'Destination email is required';
export const recipientRequiredMessage = 'Recipient email is required';
export const invalidEmailMessage = 'Please enter a valid email address';

/** The part before the @: letters, digits and . _ - +, no dot at either end or twice in a row. */
const localPartPattern = /^(?!\.)(?!.*\.\.)[a-z0-9._+-]{1,64}(?<!\.)$/i;
const emailPattern = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

export const invalidUsernameMessage = 'Usernames may use letters, digits and . _ - + (up to 64)';

/** Whether the part before any @ is a username a mailbox may have. */
export function isUsername(value: string): boolean {
  return localPartPattern.test(usernameOf(value));
}

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value);
}

/**
 * A mailbox password: 8 to 128 characters with a letter and a digit, not containing the username. Returns what is
 * wrong, or null.
 */
export function passwordProblem(password: string, username = ''): string | null {
  if (password.length < 8) return 'Use at least 8 characters';
  if (password.length > 128) return 'Use at most 128 characters';
  if (!/[a-z]/i.test(password) || !/\d/.test(password)) return 'Use letters and at least one digit';
  if (username && password.toLowerCase().includes(username.toLowerCase())) return 'The password must not contain the username';
  return null;
}

/** The username typed in the form, or a whole address: the part before any @. */
export function usernameOf(address: string): string {
  return address.trim().toLowerCase().split('@')[0] ?? '';
}
