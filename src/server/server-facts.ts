import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_FACTS_FILE, type ServerFacts } from '../content/build/server-facts.ts';
import { SetupError } from './errors.ts';

export type { ServerFacts } from '../content/build/server-facts.ts';

const routePattern = /^\/([a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*)?$/;

/**
 * Reads what the build wrote for this server beside the pages (src/content/build/server-facts.ts): the
 * routes, the roles one may apply for and the privacy notice's version. The server reads nothing else
 * of the content, so a deployment needs no `content/` folder.
 */
export async function readServerFacts(clientDir: string): Promise<ServerFacts> {
  const file = path.join(clientDir, SERVER_FACTS_FILE);
  const rebuild = 'Build the site again with `npm run build` and deploy the whole of dist/.';
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new SetupError(
      'ServerFactsMissing',
      `${file} is missing, so the server does not know the site's routes, the roles one may apply for or the privacy notice's version. The build writes it beside the pages (a build made before it did lacks it). ${rebuild}`,
    );
  }

  let facts: unknown;
  try {
    facts = JSON.parse(text);
  } catch (error) {
    throw new SetupError('ServerFactsInvalid', `${file} is not valid JSON (${(error as Error).message}). ${rebuild}`, {
      cause: error,
    });
  }
  const invalid = (what: string) => new SetupError('ServerFactsInvalid', `${file} ${what}. ${rebuild}`);
  if (typeof facts !== 'object' || facts === null || Array.isArray(facts)) {
    throw invalid('must hold a JSON object with `routes`, `roles` and `noticeVersion`');
  }
  const { routes, roles, noticeVersion, forms = [], replies } = facts as Record<string, unknown>;
  if (!Array.isArray(routes) || routes.length === 0)
    throw invalid('must list the site\'s routes in `routes`, such as ["/", "/react"]');
  const badRoutes = routes.filter((route) => typeof route !== 'string' || !routePattern.test(route));
  if (badRoutes.length > 0) {
    const listed = badRoutes.map((route) => JSON.stringify(route)).join(', ');
    throw new SetupError(
      'ServerFactsInvalid',
      `${file} lists ${listed} in \`routes\`, which ${badRoutes.length === 1 ? 'is not a route' : 'are not routes'}: a route is "/" or lower-case words joined by dashes after a slash, such as "/web-development". Fix the page's \`route\` and rebuild.`,
    );
  }
  if (!Array.isArray(roles) || roles.some((role) => typeof role !== 'string' || role.trim() === '')) {
    throw invalid('must list the roles one may apply for in `roles`, as texts (an empty list when there are none)');
  }
  if (noticeVersion !== null && typeof noticeVersion !== 'string') {
    throw invalid("must give the privacy notice's version in `noticeVersion`, as a text, or null when the site has no notice");
  }
  // Left out by a build made before forms posted as plain HTML: such a post then gets a page of its own.
  const isFormPage = (form: unknown) => {
    const { route, submission, role } = (form ?? {}) as Record<string, unknown>;
    return (
      typeof route === 'string' &&
      (routes as unknown[]).includes(route) &&
      (submission === 'contact' || submission === 'application') &&
      (role === undefined || typeof role === 'string')
    );
  };
  if (!Array.isArray(forms) || !forms.every(isFormPage)) {
    throw invalid(
      'must list the pages with a form in `forms`, each as { "route", "submission", "role" } with one of its `routes`',
    );
  }
  // Left out by a build made before confirmation e-mails: the server then sends none.
  const isReply = (reply: unknown) => {
    const { promise, replyTo, confirmationEmail } = (reply ?? {}) as Record<string, unknown>;
    return typeof promise === 'string' && typeof replyTo === 'string' && typeof confirmationEmail === 'boolean';
  };
  if (replies !== undefined) {
    const { siteName, siteUrl, contact, application } = (replies ?? {}) as Record<string, unknown>;
    if (typeof siteName !== 'string' || typeof siteUrl !== 'string' || !isReply(contact) || !isReply(application))
      throw invalid(
        'must give what each form promises in `replies`, as { "siteName", "siteUrl", "contact", "application" }, each form with { "promise", "replyTo", "confirmationEmail" }',
      );
  }
  return {
    routes: [...new Set(routes as string[])],
    roles: roles as string[],
    noticeVersion,
    forms: forms as ServerFacts['forms'],
    ...(replies === undefined ? {} : { replies: replies as NonNullable<ServerFacts['replies']> }),
  };
}
