export * from './accounts.ts';
export * from './billing.ts';
export * from './carts.ts';
export * from './domains.ts';
export * from './platform.ts';
export * from './websites.ts';
export * from './transfers-sales.ts';
export * from './recurring-billing.ts';
