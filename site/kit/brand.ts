/** Brand settings from content/brand.json (name, sister brands, help and webmail links, registrar statement). */
import brandJson from '../../content/brand.json';

export type Brand = typeof brandJson;
export const brand: Brand = brandJson;
