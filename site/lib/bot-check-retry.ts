/** Moved to the kit (the account app's card form needs it too); kept so the islands' imports stay put. */
export { prepareBotCheck, sendWithBotCheckIfAsked, solveBotCheck } from '@kit/bot-check-retry.ts';
