export * from './accounts.ts';
export * from './billing.ts';
export * from './carts.ts';
export * from './domains.ts';
export * from './platform.ts';
export * from './mail.ts';
