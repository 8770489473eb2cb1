import Base from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe, run on what the user ends up seeing: a button that changes colour fades over 150 ms, and axe measuring contrast
 * halfway through that fade reports a mix of the two colours no user reads. Waits for the page's finite animations and
 * transitions to finish first (endless ones, such as a spinner, are left running).
 */
export default class AxeBuilder extends Base {
  readonly #page: Page;

  constructor(options: { page: Page }) {
    super(options);
    this.#page = options.page;
  }

  override async analyze() {
    await settleAnimations(this.#page);
    return super.analyze();
  }
}

async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
