/** The extension catalogue at build time: the same content/tlds.csv the API reads. */
import { parseCatalogue } from '../../api/contract/search/catalogue.ts';
import csv from '../../content/tlds.csv?raw';

export const tlds = parseCatalogue(csv);
