/** Availability asked before a cart or checkout changes: a registry that cannot answer now refuses with a 503, before any charge. */
import { AppError } from '../../errors.ts';
import type { Availability, RegistryProvider } from '../../providers/registry/index.ts';
import { RegistryUnavailableError } from '../../providers/registry/router.ts';

export async function checkOrRefuse(registry: Pick<RegistryProvider, 'check'>, domains: string[], atCheckout = false): Promise<Availability[]> {
  try {
    return await registry.check(domains);
  } catch (error) {
    console.error('Could not check availability:', (error as Error)?.message ?? error);
    const paused = error instanceof RegistryUnavailableError && /paused/.test(error.message);
    const names = domains.length === 1 ? domains[0] : 'some of these names';
    throw new AppError(
      503,
      `The registry of ${names} is ${paused ? 'unavailable' : 'not answering'} right now, so we could not confirm availability.${atCheckout ? ' Nothing was charged;' : ''} Please try again in a few minutes.`,
      { domains },
    );
  }
}
