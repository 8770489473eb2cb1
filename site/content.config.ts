/**
 * Content collections over ../content: marketing pages, legal texts, Domain Name 101 lessons, blog posts. Front
 * matter gets the seller payout figures filled in (`{sale.networkPayout}`), as the MDX text does (sale-figures-plugin.ts).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { fillSaleFiguresIn } from '../api/contract/selling/sale-figures.ts';
import { contentCollections } from './content-schemas.ts';

const collection = ({ folder, schema }: (typeof contentCollections)[keyof typeof contentCollections]) =>
  defineCollection({ loader: glob({ base: `./content/${folder}`, pattern: '**/*.mdx' }), schema: schema.transform((data) => fillSaleFiguresIn(data)) });

export const collections = {
  pages: collection(contentCollections.pages),
  legal: collection(contentCollections.legal),
  lessons: collection(contentCollections.lessons),
  blog: collection(contentCollections.blog),
};
