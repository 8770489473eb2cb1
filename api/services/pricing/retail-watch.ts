/** Each process re-reads costs and rules every 30 seconds, so a rule saved anywhere reaches every search within a minute. */
import type { Db } from '../../db/client.ts';
import { refreshRetailPrices } from './pricing-rules.ts';

export const retailRefreshSeconds = 30;

export async function watchRetailPrices(db: Db): Promise<{ stop(): Promise<void> }> {
  await refreshRetailPrices(db);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = refreshRetailPrices(db).catch((error) => console.error('refreshing retail prices failed:', error));
  }, retailRefreshSeconds * 1000);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
