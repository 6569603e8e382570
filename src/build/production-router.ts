import { fileURLToPath } from 'node:url';

/**
 * React Router's package.json sends every import to its development build, whatever the mode
 * (remix-run/react-router#14102, open): the two builds differ by one flag, which runs its development
 * warnings and checks on every link and route. A build of the site, and the editor service's drawing of
 * it, take the production one; the dev server keeps the warnings.
 */
export const productionRouter = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
  },
];
