/** Content collections over ../content: marketing pages, legal texts, Domain Name 101 lessons, blog posts. */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const link = z.object({ label: z.string(), href: z.string() });

const pages = defineCollection({
  loader: glob({ base: './content/pages', pattern: '**/*.mdx' }),
  schema: z
    .object({
      title: z.string(),
      description: z.string(),
      heroHeading: z.string().optional(),
      heroSubheading: z.string().optional(),
      heroCta: link.optional(),
      closing: z.object({ heading: z.string(), links: z.array(link) }).optional(),
    })
    .passthrough(),
});

const legal = defineCollection({
  loader: glob({ base: './content/legal', pattern: '**/*.mdx' }),
  schema: z.object({ title: z.string(), description: z.string() }).passthrough(),
});

const lessons = defineCollection({
  loader: glob({ base: './content/lessons', pattern: '**/*.mdx' }),
  schema: z.object({ title: z.string(), description: z.string(), order: z.number().int() }).passthrough(),
});

const blog = defineCollection({
  loader: glob({ base: './content/blog', pattern: '**/*.mdx' }),
  schema: z.object({ title: z.string(), description: z.string(), pubDate: z.coerce.date(), author: z.string() }).passthrough(),
});

export const collections = { pages, legal, lessons, blog };
