/**
 * The editor's media library on a copy of the project: every picture with the places that show
 * it, deletion only of what nothing shows, and uploads nothing uses kept out of publishing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deletePicture, listPictures, unusedUploads } from '../../src/editor/api/library.ts';
import { changes, publish } from '../../src/editor/api/publish.ts';
import { projectCopy } from './content-fixtures.ts';

let root: string;
beforeEach(() => {
  root = projectCopy('editor-library');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A small picture stored as an upload, as the editor stores one (media.ts). */
async function upload(name: string, format: 'webp' | 'avif' = 'webp'): Promise<string> {
  const image = sharp({ create: { width: 24, height: 16, channels: 3, background: '#6941c6' } });
  const bytes = await (format === 'webp' ? image.webp() : image.avif()).toBuffer();
  mkdirSync(join(root, 'public/media/uploads'), { recursive: true });
  writeFileSync(join(root, 'public/media/uploads', name), bytes);
  return `/media/uploads/${name}`;
}

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd: root,
    encoding: 'utf8',
  });

// Marketers read these messages: no paths of this computer or the project, no backticks.
const forMarketers = (message: string) => {
  expect(message).not.toMatch(/`|public\/|content\/|\/tmp|\\\\/);
};

describe('the media library lists the pictures of the site', () => {
  it('lists a picture with every place the content shows it, in words, and its size', async () => {
    const pictures = await listPictures(root);
    const hero = pictures.find((p) => p.path === '/media/art/react-hero.webp');
    expect(hero).toMatchObject({ bytes: expect.any(Number), width: expect.any(Number), height: expect.any(Number) });
    expect(hero!.uses).toContainEqual({
      file: 'content/pages/react.yaml',
      title: 'ReactJS Development Services and Developers',
      where: 'Image of section 1',
    });
  });

  it('shows a picture once, not also its AVIF twin', async () => {
    const paths = (await listPictures(root)).map((p) => p.path);
    expect(paths).toContain('/media/art/react-hero.webp');
    expect(paths).not.toContain('/media/art/react-hero.avif');
  });

  it('puts uploads first, the rest by path', async () => {
    await upload('zebra-crossing.webp');
    const paths = (await listPictures(root)).map((p) => p.path);
    expect(paths[0]).toBe('/media/uploads/zebra-crossing.webp');
    const rest = paths.slice(1);
    expect(rest).toEqual([...rest].sort());
  });

  it('counts a collection template as a use, with the section it is in', async () => {
    const slide = (await listPictures(root)).find((p) => p.path === '/media/art/careers-slide-1.webp');
    expect(slide?.uses).toContainEqual(
      expect.objectContaining({ file: 'content/collections/roles.yaml', where: 'Image of section 1' }),
    );
  });
});

describe('a picture deleted from the media library', () => {
  it('is refused while the content uses it, saying in how many places, and the file stays', async () => {
    const used = (await listPictures(root)).find((p) => p.path === '/media/art/react-hero.webp')!;
    let refusal: unknown;
    try {
      deletePicture(root, used.path);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: 'EditorLinked' });
    const message = (refusal as Error).message;
    expect(message).toContain(used.uses.length === 1 ? 'one place' : `${used.uses.length} places`);
    forMarketers(message);
    expect(existsSync(join(root, 'public/media/art/react-hero.webp'))).toBe(true);
    expect(existsSync(join(root, 'public/media/art/react-hero.avif'))).toBe(true);
  });

  it("is refused while the site's own code shows it", () => {
    mkdirSync(join(root, 'src/app'), { recursive: true });
    writeFileSync(join(root, 'src/app/Logo.tsx'), 'export const Logo = () => <img src="/media/brand/logo-mark.svg" alt="" />;\n');
    expect(() => deletePicture(root, '/media/brand/logo-mark.svg')).toThrow(expect.objectContaining({ code: 'EditorLinked' }));
    expect(existsSync(join(root, 'public/media/brand/logo-mark.svg'))).toBe(true);
  });

  it('goes with its AVIF twin when nothing uses it, and was listed as an unused upload until then', async () => {
    const path = await upload('team-offsite.webp');
    await upload('team-offsite.avif', 'avif');
    expect(unusedUploads(root)).toEqual(['public/media/uploads/team-offsite.avif', 'public/media/uploads/team-offsite.webp']);
    const listed = (await listPictures(root)).find((p) => p.path === path);
    expect(listed).toMatchObject({ uses: [], width: 24, height: 16 });

    expect(deletePicture(root, path)).toEqual({ deleted: [path, '/media/uploads/team-offsite.avif'] });
    expect(existsSync(join(root, 'public/media/uploads/team-offsite.webp'))).toBe(false);
    expect(existsSync(join(root, 'public/media/uploads/team-offsite.avif'))).toBe(false);
    expect(unusedUploads(root)).toEqual([]);
  });

  it('is refused outside the media folder, without naming the path', () => {
    for (const path of ['/media/../../content/pages/react.yaml', '/media/../../package.json', '/favicon.svg', 'media/x.webp']) {
      let refusal: unknown;
      try {
        deletePicture(root, path);
      } catch (error) {
        refusal = error;
      }
      expect(refusal, path).toMatchObject({ code: 'EditorPathOutside' });
      forMarketers((refusal as Error).message);
    }
    expect(existsSync(join(root, 'content/pages/react.yaml'))).toBe(true);
  });

  it('is said to be gone when it is not there any more', () => {
    expect(() => deletePicture(root, '/media/uploads/never-uploaded.webp')).toThrow(
      expect.objectContaining({ code: 'EditorFileMissing' }),
    );
  });
});

describe('an upload nothing uses is never published', () => {
  beforeEach(() => {
    git('init', '--quiet');
    git('add', '-A');
    git('commit', '--quiet', '-m', 'start');
  });

  async function useOneOfTwoUploads() {
    const unused = await upload('tried-and-replaced.webp');
    const used = await upload('react-workshop.webp');
    const file = join(root, 'content/pages/react.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('src: /media/art/react-hero.webp', `src: ${used}`));
    return { unused, used };
  }

  it('is not among the changes to publish, while the upload a page uses is', async () => {
    await useOneOfTwoUploads();
    const listed = (await changes(root)).files;
    expect(listed).toContainEqual({ file: 'content/pages/react.yaml', state: 'changed' });
    expect(listed).toContainEqual({ file: 'public/media/uploads/react-workshop.webp', state: 'new' });
    expect(listed.map((f) => f.file)).not.toContain('public/media/uploads/tried-and-replaced.webp');
  });

  it('stays out of the commit and on disk, as it was', async () => {
    await useOneOfTwoUploads();
    await publish(root, 'React page: workshop picture', () => Promise.resolve([]));
    const committed = git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort();
    expect(committed).toEqual(['content/pages/react.yaml', 'public/media/uploads/react-workshop.webp']);
    expect(git('status', '--porcelain', '--untracked-files=all')).toContain('?? public/media/uploads/tried-and-replaced.webp');
  });
});
