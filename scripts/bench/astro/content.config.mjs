// Astro's side of `npm run bench:build -- --astro`: the site's page files as one YAML content collection.
import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';

export const collections = {
  pages: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './pages' }),
    // As our check does: the page's own fields are checked, and its sections must be objects with a type.
    schema: z
      .object({
        route: z.string().startsWith('/'),
        title: z.string().min(1),
        description: z.string().optional(),
        sections: z.array(z.object({ type: z.string() }).passthrough()).optional(),
      })
      .passthrough(),
  }),
};
