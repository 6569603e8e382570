import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRoles } from '../../src/server/roles.ts';
import { tempDir } from './helpers.ts';

const dirs: Array<{ remove: () => void }> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

/** A content folder holding the given page files. */
function contentWith(pages: Record<string, string>): string {
  const content = tempDir('content');
  dirs.push(content);
  mkdirSync(path.join(content.dir, 'pages'));
  for (const [name, yaml] of Object.entries(pages)) writeFileSync(path.join(content.dir, 'pages', name), yaml);
  return content.dir;
}

const careersPage = `
route: /careers
title: Careers
description: Open roles
sections:
  - type: page-hero
    heading: Join us
  - type: careers
    heading: Open roles
    tabs:
      - name: Developer
        roles:
          - id: react-developer
            role: React Developer
            skills: [React]
          - id: node-developer
            role: Node.js Developer
            skills: [Node.js]
      - name: Designer
        roles:
          - id: ui-ux-designer
            role: UI/UX Designer
            skills: [Figma]
`;

describe('loadRoles', () => {
  it('collects every role of every careers section', async () => {
    const roles = await loadRoles(contentWith({ 'careers.yaml': careersPage, 'home.yaml': 'route: /\nsections: []\n' }));

    expect(roles).toEqual(['React Developer', 'Node.js Developer', 'UI/UX Designer']);
  });

  it('lists a role that appears on two pages once', async () => {
    const roles = await loadRoles(contentWith({ 'careers.yaml': careersPage, 'jobs.yml': careersPage }));

    expect(roles).toEqual(['React Developer', 'Node.js Developer', 'UI/UX Designer']);
  });

  it('finds no roles while there is no careers page yet', async () => {
    expect(await loadRoles(contentWith({ 'home.yaml': 'route: /\nsections:\n  - type: hero\n' }))).toEqual([]);
  });

  it('finds no roles when there is no pages folder at all', async () => {
    const content = tempDir('empty-content');
    dirs.push(content);

    expect(await loadRoles(content.dir)).toEqual([]);
  });

  it('skips a careers section that is still being written', async () => {
    const draft = 'sections:\n  - type: careers\n    tabs:\n      - name: Developer\n        roles:\n          - id: x\n';

    expect(await loadRoles(contentWith({ 'careers.yaml': draft }))).toEqual([]);
  });

  it('refuses to start with ContentUnreadable when a page is not YAML', async () => {
    await expect(loadRoles(contentWith({ 'careers.yaml': 'sections: [\n  - type: careers' }))).rejects.toMatchObject({
      name: 'ContentUnreadable',
      message: expect.stringContaining('careers.yaml'),
    });
  });
});

describe('loadRoles with the roles collection', () => {
  /** A content folder with the given role entries in content/roles/. */
  function withRoles(entries: Record<string, string>): string {
    const dir = contentWith({});
    mkdirSync(path.join(dir, 'roles'));
    for (const [name, yaml] of Object.entries(entries)) writeFileSync(path.join(dir, 'roles', name), yaml);
    return dir;
  }

  it('accepts the title of every role that is not a draft, whatever its dates (the site may have been built on another day)', async () => {
    const dir = withRoles({
      'open.yaml': 'title: Full Stack Developer\npublishedAt: 2026-11-01\nvalidThrough: 2027-01-31\n',
      'later.yaml': 'title: Data Engineer\npublishedAt: 2026-12-01\nvalidThrough: 2027-01-31\n',
      'closed.yaml': 'title: QA Engineer\npublishedAt: 2026-01-01\nvalidThrough: 2026-10-31\n',
      'draft.yaml': 'title: DevOps Engineer\ndraft: true\npublishedAt: 2026-11-01\nvalidThrough: 2027-01-31\n',
    });

    expect((await loadRoles(dir)).sort()).toEqual(['Data Engineer', 'Full Stack Developer', 'QA Engineer']);
  });

  it('refuses to start with ContentUnreadable when a role file is not YAML', async () => {
    const dir = withRoles({ 'broken.yaml': 'title: [Full Stack' });

    await expect(loadRoles(dir)).rejects.toMatchObject({
      name: 'ContentUnreadable',
      message: expect.stringContaining('broken.yaml'),
    });
  });
});
