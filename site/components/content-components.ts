/**
 * What every page that renders content/ passes its MDX: `Price` is the component a price written in the text
 * (`{price.email}`) becomes (site/lib/copy-prices-plugin.ts). A page that leaves it out fails to build on such a price.
 */
import NetPrice from './NetPrice.astro';

export const contentComponents = { Price: NetPrice };
