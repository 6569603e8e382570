/**
 * What the production server needs to know of the content, computed by the build from the checked
 * content and written beside the pages (`dist/client/server-facts.json`), so that a deployment runs
 * from its build alone, without `content/`: the routes, the roles one may apply for, and the version
 * of the privacy notice that submissions are recorded with. Read by src/server/server-facts.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Section, Site } from '../../generated/schema-types.ts';
import { fillSiteText } from '../site-placeholders.ts';
// The route both forms link to under their submit button.
import { PRIVACY_ROUTE } from '../../forms/spec.ts';
import type { ContentResult } from '../check.ts';
import { metaOf } from '../../sections/meta.ts';
import type { HtmlForm } from '../../sections/meta-types.ts';

/** The file's name in the client build, beside routes.json. */
export const SERVER_FACTS_FILE = 'server-facts.json';

/** The contents of server-facts.json. */
export interface ServerFacts {
  /** Every route of the built site, sorted. */
  readonly routes: readonly string[];
  /** What an application's `domain` may be: every role the built pages offer an application for. */
  readonly roles: readonly string[];
  /**
   * The privacy notice's `updated` date and the first ten hex digits of the SHA-256 of its file
   * (`2026-11-25+1a2b3c4d5e`), which changes with any edit even when the date was not moved on;
   * null when no page has the notice's route.
   */
  readonly noticeVersion: string | null;
  /**
   * The pages whose HTML holds a form, with what it sends (and for an application the role, trimmed):
   * where the server draws a plain HTML post again when a field needs correcting.
   */
  readonly forms: readonly FormPage[];
  /**
   * What each form promises its sender (`replies` of the site settings, placeholders filled in), and the
   * site's name and address, for the confirmation e-mail. Left out by a build made before there was one:
   * the server then sends none.
   */
  readonly replies?: SenderReplies;
}

/** What the confirmation e-mails say, per form. */
export interface SenderReplies {
  readonly siteName: string;
  readonly siteUrl: string;
  readonly contact: FormReply;
  readonly application: FormReply;
}

export interface FormReply {
  readonly promise: string;
  readonly replyTo: string;
  readonly confirmationEmail: boolean;
}

/** A page with a form in its HTML. */
export interface FormPage extends HtmlForm {
  readonly route: string;
}

/**
 * The server's facts of a build's content (checked without errors, drafts left out). `root` is the
 * folder the pages' `file` is relative to (the content check's `root`).
 */
export function serverFacts(result: Pick<ContentResult, 'pages' | 'site'>, root: string): ServerFacts {
  const published = result.pages.filter((p) => p.page.draft !== true);
  const roles = new Set(published.flatMap((p) => p.page.sections.flatMap(applicableRoles)));
  return {
    routes: published.map((p) => p.page.route).sort(),
    roles: [...roles],
    noticeVersion: noticeVersion(published, root),
    forms: published.flatMap((p) =>
      p.page.sections.flatMap((section) =>
        (metaOf(section.type)?.htmlForms?.(section as never) ?? []).map((form) => ({
          route: p.page.route,
          submission: form.submission,
          ...(form.role === undefined ? {} : { role: form.role.trim() }),
        })),
      ),
    ),
    ...(result.site?.site.replies ? { replies: repliesOf(result.site.site, result.site.site.replies) } : {}),
  };
}

function repliesOf(site: Site, replies: NonNullable<Site['replies']>): SenderReplies {
  const reply = (form: FormReply): FormReply => ({ ...form, promise: fillSiteText(form.promise, site) });
  return { siteName: site.brand.name, siteUrl: site.url, contact: reply(replies.contact), application: reply(replies.application) };
}

/**
 * The roles a section lets a visitor apply for, as its type declares them (`roles` in
 * src/sections/<type>/meta.ts): the types that draw the application dialog.
 */
export function applicableRoles(section: Section): string[] {
  const roles = metaOf(section.type)?.roles?.(section as never) ?? [];
  // The API trims `domain` before comparing it.
  return roles.map((role) => role.trim()).filter((role) => role !== '');
}

/**
 * The version of the privacy notice the site shows, recorded with every submission so that the company
 * can tell which notice a person was given (DPDP Act 2023, notice at collection). The hash is of the
 * file as written, as the server computed it from content/ before the build did: a rebuild of an
 * unchanged notice keeps the versions already stored.
 */
function noticeVersion(pages: ContentResult['pages'], root: string): string | null {
  const notice = pages.find((p) => p.page.route === PRIVACY_ROUTE);
  if (!notice) return null;
  const updated = notice.page.sections.map((section) => ('updated' in section ? section.updated : undefined)).find((u) => typeof u === 'string');
  const hash = createHash('sha256')
    .update(readFileSync(resolve(root, notice.file), 'utf8'))
    .digest('hex')
    .slice(0, 10);
  return `${updated ?? 'undated'}+${hash}`;
}
