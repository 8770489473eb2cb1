/** Moved to the kit (the account app solves bot checks too); kept so the islands' imports stay put. */
export { getBotToken } from '@kit/bot-check.ts';
