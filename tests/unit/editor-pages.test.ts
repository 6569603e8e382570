import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { checkDraft, createPage, deleteFile, openFile, planDeletion, saveFile } from '../../src/editor/api/api.ts';
import { contentFiles, linksTo } from '../../src/editor/api/pages.ts';
import { projectCopy } from './content-fixtures.ts';
import { declarations } from '../../src/forms/declared.ts';

let root: string;
beforeEach(() => {
  root = projectCopy('editor-pages');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const errorsOf = async () => (await checkContent({ root })).problems.filter((p) => p.severity === 'error');

describe('a page renamed in the editor takes its links with it', () => {
  it('every link to the old route, in every file, goes to the new one in the same save, and nothing else changes', async () => {
    const before = linksTo(root, '/react', 'content/pages/react.yaml');
    expect(before.length).toBeGreaterThan(3);
    const texts = new Map(contentFiles(root).map((f) => [f, readFileSync(join(root, f), 'utf8')]));
    const opened = openFile({ root }, 'content/pages/react.yaml');
    const data = { ...(opened.data as Record<string, unknown>), route: '/reactjs' };
    const draft = await checkDraft({ root }, opened.file, opened.version, data);
    // Listed before saving, with where each link is.
    expect(draft.relinks?.map((l) => `${l.file}:${l.line}`).sort()).toEqual(before.map((l) => `${l.file}:${l.line}`).sort());
    await saveFile({ root }, opened.file, opened.version, data);
    expect(linksTo(root, '/react')).toEqual([]);
    expect(linksTo(root, '/reactjs', 'content/pages/react.yaml').length).toBe(before.length);
    expect(await errorsOf()).toEqual([]);
    // Each other file changed only on its lines with a link.
    for (const [file, text] of texts) {
      const now = readFileSync(join(root, file), 'utf8');
      const changed = now.split('\n').filter((line, i) => line !== text.split('\n')[i]);
      for (const line of changed) expect(line, file).toMatch(/\/reactjs/);
    }
  });
});

describe('every page of the site, renamed', () => {
  it('checks clean with its links moved along: no page leaves a link behind', async () => {
    const pages = contentFiles(root).filter((f) => f.startsWith('content/pages/'));
    const left: string[] = [];
    for (const file of pages) {
      const opened = openFile({ root }, file);
      const route = (opened.data as { route: string }).route;
      const renamed = route === '/' ? '/welcome' : `${route}-renamed`;
      const draft = await checkDraft({ root }, file, opened.version, { ...(opened.data as object), route: renamed });
      const errors = draft.problems.filter((p) => p.severity === 'error');
      // A form's confirmation page keeps the address its form's schema names: moving it is refused at the form.
      const confirms = Object.values(declarations).some((form) => form.confirmation === route);
      const elsewhere = draft.elsewhere.filter((p) => !(confirms && p.code === 'FormConfirmationMissing'));
      if (confirms)
        expect(
          draft.elsewhere.map((p) => p.code),
          file,
        ).toContain('FormConfirmationMissing');
      if (errors.length > 0 || elsewhere.some((p) => p.severity === 'error'))
        left.push(`${file} → ${renamed}: ${[...errors, ...elsewhere].map((p) => `${p.file} ${p.code}`).join(', ')}`);
      expect(draft.relinks?.length ?? 0, file).toBe(linksTo(root, route, file).length);
    }
    expect(left).toEqual([]);
  }, 120_000);
});

describe('a page deleted in the editor', () => {
  it('is refused while links lead to it, with the list of where they are', async () => {
    const plan = await planDeletion({ root }, 'content/pages/vue.yaml');
    expect(plan.route).toBe('/vue');
    expect(plan.links.length).toBeGreaterThan(0);
    expect(plan.links[0]).toMatchObject({ file: expect.stringMatching(/^content\//), line: expect.any(Number) });
    const { version } = openFile({ root }, 'content/pages/vue.yaml');
    await expect(deleteFile({ root }, 'content/pages/vue.yaml', version)).rejects.toMatchObject({ code: 'EditorLinked' });
    expect(existsSync(join(root, 'content/pages/vue.yaml'))).toBe(true);
  });

  it('goes once nothing links to it, and the site still passes the check', async () => {
    const made = createPage({ root }, { route: '/kubernetes', template: 'technology', label: 'Kubernetes', draft: true });
    expect((await planDeletion({ root }, made.file)).links).toEqual([]);
    await deleteFile({ root }, made.file, made.version);
    expect(existsSync(join(root, made.file))).toBe(false);
    expect(await errorsOf()).toEqual([]);
  });

  it('refuses site settings and shared blocks', async () => {
    await expect(planDeletion({ root }, 'content/site.yaml')).rejects.toMatchObject({ code: 'EditorBadRequest' });
    await expect(planDeletion({ root }, 'content/shared/hire.yaml')).rejects.toMatchObject({ code: 'EditorBadRequest' });
  });
});

describe('a new entry of a collection from the editor', () => {
  it.each([
    ['roles', 'Data Engineer', '/careers/data-engineer'],
    ['case-studies', 'Clinic booking app', '/success-stories/clinic-booking-app'],
  ])('a new %s entry has its page at once, and its template texts are values, not comments', async (collection, label, route) => {
    const made = createPage({ root }, { collection, label });
    expect(made.kind).toBe('entry');
    expect(made.text).not.toMatch(/^\s*#.*TODO/m);
    const result = await checkContent({ root, unfinished: 'warn' });
    expect(result.pages.find((p) => p.file === made.file)?.page.route).toBe(route);
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('refuses a title that is taken, in words without flags or commands', () => {
    createPage({ root }, { collection: 'roles', label: 'Data Engineer' });
    expect(() => createPage({ root }, { collection: 'roles', label: 'Data Engineer' })).toThrow(/exists already/);
    try {
      createPage({ root }, { collection: 'roles', label: 'Data Engineer' });
    } catch (error) {
      expect((error as Error).message).not.toMatch(/`|--|npm run/);
    }
  });
});

describe('the page list says when a dated entry is on the site', () => {
  it('gives an entry to come its first day and an ended one its last, and calls neither a draft; a draft stays one', async () => {
    const { catalog } = await import('../../src/editor/api/api.ts');
    const { writeFileSync } = await import('node:fs');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const role = (name: string) => join(root, 'content/roles', name);
    const text = readFileSync(role('backend-developer.yaml'), 'utf8').replace(/^(publishedAt|validThrough|draft):.*\n/gm, '');
    writeFileSync(role('to-come.yaml'), `${text}publishedAt: ${day(5)}\nvalidThrough: ${day(60)}\n`);
    writeFileSync(role('ended.yaml'), `${text}publishedAt: ${day(-60)}\nvalidThrough: ${day(-2)}\n`);
    writeFileSync(role('a-draft.yaml'), `${text}draft: true\npublishedAt: ${day(5)}\n`);
    const files = (await catalog({ root })).files;
    const entry = (name: string) => files.find((f) => f.file === `content/roles/${name}`)!;
    expect(entry('to-come.yaml')).toMatchObject({ showsFrom: day(5), endsOn: day(60) });
    expect(entry('to-come.yaml').draft).toBeUndefined();
    expect(entry('ended.yaml')).toMatchObject({ endsOn: day(-2) });
    expect(entry('ended.yaml').draft).toBeUndefined();
    expect(entry('a-draft.yaml').draft).toBe(true);
  });
});
