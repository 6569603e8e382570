import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { formatProblems } from '../../src/content/cli/format.ts';
import { newEntry, newPage, parseArgs, templates } from '../../src/content/cli/new-page.ts';
import { projectRoot } from './content-fixtures.ts';

/** A copy of the real content, so no generated page is ever left in content/. */
function copyOfContent() {
  const root = mkdtempSync(join(tmpdir(), 'new-page-'));
  cpSync(join(projectRoot, 'content'), join(root, 'content'), { recursive: true });
  return { root, contentDir: join(root, 'content') };
}

const check = (root: string) =>
  checkContent({ root, publicDir: join(projectRoot, 'public'), schemaDir: join(projectRoot, 'schemas') });

describe('npm run new:page', () => {
  it('offers the technology, service and plain page templates', () => {
    expect(templates).toEqual(['page', 'service', 'technology']);
  });

  it.each(templates)('writes a %s page that passes the content check with only its TODOs to do', async (template) => {
    const { root, contentDir } = copyOfContent();
    const result = newPage({ route: '/kubernetes', template, label: 'Kubernetes', contentDir });
    expect(result.ok).toBe(true);
    const file = join(contentDir, 'pages/kubernetes.yaml');
    const text = readFileSync(file, 'utf8');
    // The editor finds the schema from the file's own folder, wherever the content folder is.
    const schema = relative(join(contentDir, 'pages'), join(projectRoot, 'schemas/page.schema.json'));
    expect(text.split('\n')[0]).toBe(`# yaml-language-server: $schema=${schema}`);

    const checked = await check(root);
    expect(checked.errors, formatProblems(checked.problems)).toBe(0);
    const page = checked.pages.find((p) => p.page.route === '/kubernetes')!;
    expect(page.file).toBe('content/pages/kubernetes.yaml');
    const mine = checked.problems.filter((p) => p.file === 'content/pages/kubernetes.yaml');
    expect(mine.length).toBeGreaterThan(5);
    expect(new Set(mine.map((p) => `${p.severity} ${p.code}`))).toEqual(new Set(['warning PlaceholderText']));
    if (template === 'technology') expect(page.page.sections.at(-1)).toMatchObject({ type: 'hire', label: 'Kubernetes' });
  });

  it.each(templates)('leaves a %s page with no problem at all once every TODO is replaced', async (template) => {
    const { root, contentDir } = copyOfContent();
    newPage({ route: '/kubernetes', template, label: 'Kubernetes', contentDir });
    const file = join(contentDir, 'pages/kubernetes.yaml');
    // What a marketer does: write the words (here, keep the draft's) and delete the notes.
    const done = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*# TODO/.test(line))
      .join('\n')
      .replace(/TODO: /g, '');
    writeFileSync(file, done);
    const checked = await check(root);
    expect(checked.problems.filter((p) => p.file === 'content/pages/kubernetes.yaml')).toEqual([]);
  });

  it('refuses a route that a page has already, and leaves that page alone', () => {
    const { contentDir } = copyOfContent();
    const before = readFileSync(join(contentDir, 'pages/react.yaml'), 'utf8');
    const result = newPage({ route: '/react', template: 'technology', contentDir });
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^RouteTaken: .*react\.yaml already has the route `\/react`\. Edit that file, or choose another route\.$/,
      ),
    });
    expect(readFileSync(join(contentDir, 'pages/react.yaml'), 'utf8')).toBe(before);
  });

  it('refuses to overwrite a file of the same name that has another route', () => {
    const { contentDir } = copyOfContent();
    writeFileSync(join(contentDir, 'pages/kubernetes.yaml'), 'route: /k8s\n');
    const result = newPage({ route: '/kubernetes', template: 'page', contentDir });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^FileExists: .*kubernetes\.yaml exists already/) });
    expect(readFileSync(join(contentDir, 'pages/kubernetes.yaml'), 'utf8')).toBe('route: /k8s\n');
  });

  it.each(['kubernetes', '/Kubernetes', '/cloud/native', '/cloud_native', '/', '/node.js'])(
    'refuses the malformed route %s',
    (route) => {
      const { contentDir } = copyOfContent();
      const result = newPage({ route, template: 'page', contentDir });
      expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^BadRoute: /) });
    },
  );

  it('refuses an unknown template and a label that would break the file, naming what works', () => {
    const { contentDir } = copyOfContent();
    expect(newPage({ route: '/blog', template: 'blog', contentDir })).toEqual({
      ok: false,
      error:
        'UnknownTemplate: `blog` is not a page template. Use one of `page`, `service`, `technology` (files in src/content/templates/page/).',
    });
    expect(newPage({ route: '/x', template: 'page', label: 'say "hi"', contentDir })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^BadLabel: /),
    });
    expect(existsSync(join(contentDir, 'pages/blog.yaml')) || existsSync(join(contentDir, 'pages/x.yaml'))).toBe(false);
  });

  it('names the page from its route when no label is given', async () => {
    const { root, contentDir } = copyOfContent();
    newPage({ route: '/cloud-native', template: 'service', contentDir });
    const checked = await check(root);
    expect(checked.pages.find((p) => p.page.route === '/cloud-native')?.page.breadcrumb).toBe('Cloud Native');
  });

  it('prints what to do next, and exits 1 with the reason when it writes nothing', () => {
    const { contentDir } = copyOfContent();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/content/cli/new-page.ts'), ...args], {
        cwd: projectRoot,
        encoding: 'utf8',
      });
    const made = run('--route', '/kubernetes', '--template', 'technology', '--label', 'Kubernetes', '--content-dir', contentDir);
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(
      /^Created .*kubernetes\.yaml from the technology template: the page \/kubernetes exists now\.\n\nNext:\n {2}1\. Open /,
    );
    expect(made.stdout).toContain('content/pages/technologies.yaml (that list is kept by hand)');
    const again = run('--route', '/kubernetes', '--template', 'technology', '--content-dir', contentDir);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^RouteTaken: /);
    const bare = run();
    expect(bare.status).toBe(1);
    expect(bare.stderr).toContain('npm run new:page -- --route /kubernetes --template technology --label Kubernetes');
  });
});

describe('npm run new:page -- --collection', () => {
  it.each([
    ['roles', 'Data Engineer', '/careers/data-engineer'],
    ['case-studies', 'FarmLink Marketplace', '/success-stories/farmlink-marketplace'],
  ])('writes a %s entry whose page exists at once, with only its TODOs to do', async (collection, label, route) => {
    const { root, contentDir } = copyOfContent();
    const result = newEntry({ collection, label, contentDir, today: '2026-11-25' });
    expect(result).toMatchObject({ ok: true, route });
    const checked = await check(root);
    expect(checked.errors, formatProblems(checked.problems)).toBe(0);
    const page = checked.pages.find((p) => p.page.route === route)!;
    expect(page.file).toBe(`content/${collection}/${route.split('/').pop()}.yaml`);
    const mine = checked.problems.filter((p) => p.file === page.file);
    expect(new Set(mine.map((p) => `${p.severity} ${p.code}`))).toEqual(new Set(['warning PlaceholderText']));

    // Once the words are written (here, the draft's kept), nothing is left to fix.
    const done = readFileSync(join(contentDir, `${collection}/${route.split('/').pop()}.yaml`), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*# TODO/.test(line))
      .join('\n')
      .replace(/TODO: /g, '')
      .replace('title: "TODO"', 'title: "40%"');
    writeFileSync(join(contentDir, `${collection}/${route.split('/').pop()}.yaml`), done);
    const finished = await checkContent({
      root,
      publicDir: join(projectRoot, 'public'),
      schemaDir: join(projectRoot, 'schemas'),
      unfinished: 'fail',
    });
    expect(finished.problems.filter((p) => p.file === page.file)).toEqual([]);
  });

  it('refuses an unknown collection, naming those there are, and an entry that exists already', () => {
    const { contentDir } = copyOfContent();
    expect(newEntry({ collection: 'role', label: 'Data Engineer', contentDir })).toEqual({
      ok: false,
      error: expect.stringMatching(/^UnknownCollection: .*`case-studies`, `roles`/),
    });
    expect(newEntry({ collection: 'roles', label: 'Full Stack Developer', contentDir })).toEqual({
      ok: false,
      error: expect.stringMatching(/^FileExists: .*full-stack-developer\.yaml exists already/),
    });
  });

  it('reads --collection and --label from the command line', () => {
    expect(parseArgs(['--collection', 'roles', '--label', 'Data Engineer'])).toEqual({
      entry: { collection: 'roles', label: 'Data Engineer' },
    });
    expect(parseArgs(['--collection', 'roles']).error).toMatch(/^MissingLabel: /);
  });
});
