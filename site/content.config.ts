/** Content collections over ../content: marketing pages, legal texts, Domain Name 101 lessons, blog posts. */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { contentCollections } from './content-schemas.ts';

const collection = ({ folder, schema }: (typeof contentCollections)[keyof typeof contentCollections]) =>
  defineCollection({ loader: glob({ base: `./content/${folder}`, pattern: '**/*.mdx' }), schema });

export const collections = {
  pages: collection(contentCollections.pages),
  legal: collection(contentCollections.legal),
  lessons: collection(contentCollections.lessons),
  blog: collection(contentCollections.blog),
};
