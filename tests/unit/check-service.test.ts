import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckService } from '../../src/content/check-service.ts';
import { readDataModule } from '../../src/content/page-data.ts';
import { plannedCopies } from '../../src/content/pictures.ts';
import { fixture } from './content-fixtures.ts';

const services: CheckService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
});

/** A check service over a fixture, as the dev server starts one, with the logo files it received. */
function serviceFor(name: string) {
  const dirs = fixture(name);
  const logos = new Map<string, string>();
  const service = new CheckService(
    { root: dirs.root, contentDir: dirs.contentDir, schemaDir: dirs.schemaDir, publicDir: dirs.publicDir, unfinished: 'warn' },
    logos,
  );
  services.push(service);
  return { dirs, logos, service };
}

describe("the dev server's content check on its own thread", () => {
  it('answers with the code of each module asked for, and null for one no content defines', async () => {
    const { service } = serviceFor('_base');
    const answer = await service.check(['pages', 'page/about', 'page/nowhere']);
    expect(answer.errors).toBe(0);
    expect(answer.codes.pages).toContain('"/about"');
    expect(answer.codes.pages).toContain('import("virtual:content/page/about")');
    const about = readDataModule(answer.codes['page/about']!, 'page/about') as { name: string; page: { route: string } };
    expect(about).toMatchObject({ name: 'about', page: { route: '/about' } });
    expect(answer.codes['page/nowhere']).toBeNull();
  });

  it('hands over each logo file and picture copy the modules name, once, for the server to serve', async () => {
    const { service, logos } = serviceFor('_base');
    const first = await service.check(['page/about', 'page/home']);
    const logo = [...logos.keys()].find((file) => file.startsWith('assets/logos/react-'));
    expect(logo, 'the about page names the React logo').toBeDefined();
    expect(logos.get(logo!)).toMatch(/^<svg /);
    expect(first.codes['page/about']).toContain(`/${logo}`);
    // The copies are made on the server's thread, when a page asks for one (pictures.ts).
    expect(first.pictures.length).toBeGreaterThan(0);
    expect(plannedCopies()).toEqual(expect.arrayContaining(first.pictures.map(([url]) => url)));
    const again = await service.modules(['page/about']);
    expect(again.logos).toEqual([]);
    expect(again.pictures).toEqual([]);
  });

  it('answers content errors with their problems and no code', async () => {
    const { service } = serviceFor('unknown-logo');
    const answer = await service.check(['pages']);
    expect(answer.errors).toBeGreaterThan(0);
    expect(answer.problems.map((p) => p.code)).toContain('UnknownLogo');
    expect(answer.codes).toEqual({});
  });

  it('checks the files again on request, and answers from the last check otherwise', async () => {
    const { service, dirs } = serviceFor('_base');
    expect((await service.check(['page/about'])).errors).toBe(0);
    const file = join(dirs.contentDir, 'pages/about.yaml');
    writeFileSync(file, 'route: /about\ntitle: About\nsections: 3\n');
    expect((await service.modules(['page/about'])).errors, 'not checked again yet').toBe(0);
    const checked = await service.check(['page/about']);
    expect(checked.errors).toBeGreaterThan(0);
    expect(checked.problems[0]).toMatchObject({ file: 'content/pages/about.yaml' });
  });

  it('says what stopped a check that could not run, and checks again at the next request', async () => {
    const dirs = fixture('_base');
    const schemaDir = join(dirs.root, 'schemas');
    cpSync(dirs.schemaDir, schemaDir, { recursive: true });
    const page = join(schemaDir, 'page.schema.json');
    const whole = readFileSync(page, 'utf8');
    // A schema saved half-typed, as in an editor.
    writeFileSync(page, whole.slice(0, whole.length / 2));
    const service = new CheckService({ ...dirs, schemaDir, unfinished: 'warn' }, new Map());
    services.push(service);
    const failed = await service.check(['pages']);
    expect(failed.failure).toContain('page.schema.json');
    expect(failed.codes).toEqual({});
    writeFileSync(page, whole);
    const recovered = await service.check(['pages']);
    expect(recovered.failure).toBeUndefined();
    expect(recovered.codes.pages).toContain('"/about"');
  });

  it("keeps what it read for the server's next start, once the server has asked nothing for a while", async () => {
    const dirs = fixture('_base');
    const saved = join(dirs.root, 'saved-reads.json');
    const options = { ...dirs, unfinished: 'warn' as const };
    const first = new CheckService(options, new Map(), saved);
    services.push(first);
    const answer = await first.check(['page/about']);
    expect(existsSync(saved), 'not while the server may still be loading a page').toBe(false);
    await expect.poll(() => existsSync(saved), { timeout: 10_000 }).toBe(true);
    expect(readFileSync(saved, 'utf8')).toContain('pages/about.yaml');
    const next = new CheckService(options, new Map(), saved);
    services.push(next);
    expect((await next.check(['page/about'])).codes).toEqual(answer.codes);
  });

  /** A service that has checked the fixture and saved what it served, as a dev session leaves it. */
  async function lastSession(names: readonly string[]) {
    const dirs = fixture('_base');
    const saved = join(dirs.root, 'saved-reads.json');
    const options = { ...dirs, unfinished: 'warn' as const };
    const first = new CheckService(options, new Map(), saved);
    services.push(first);
    const served = await first.start(names);
    expect(served.provisional, 'nothing saved yet: checked').toBeUndefined();
    await expect.poll(() => existsSync(join(dirs.root, 'saved-reads.modules.json')), { timeout: 10_000 }).toBe(true);
    await first.close();
    const next = (logos = new Map<string, string>()) => {
      const service = new CheckService(options, logos, saved);
      services.push(service);
      return service;
    };
    return { dirs, served, next };
  }

  it("answers the next start from the last session's modules while nothing has changed, as provisional until checked", async () => {
    const { served, next } = await lastSession(['pages', 'page/about']);
    const logos = new Map<string, string>();
    const service = next(logos);
    expect((await service.start([])).provisional).toBe(true);
    const about = await service.modules(['page/about']);
    expect(about.provisional).toBe(true);
    expect(about.codes).toEqual({ 'page/about': served.codes['page/about'] });
    // The logo it names is handed over too, for the server to serve before any check.
    const logo = [...logos.keys()].find((file) => file.startsWith('assets/logos/react-'));
    expect(logo).toBeDefined();
    expect(about.codes['page/about']).toContain(`/${logo}`);
    const checked = await service.check(['page/about']);
    expect(checked.provisional).toBeUndefined();
    expect(checked.codes).toEqual(about.codes);
  });

  it('checks at the start when a content file changed since the last session, or for a module it did not serve', async () => {
    const { dirs, next } = await lastSession(['pages', 'page/about']);
    const unasked = next();
    expect((await unasked.start([])).provisional).toBe(true);
    expect((await unasked.modules(['page/home'])).provisional).toBeUndefined();
    const page = join(dirs.contentDir, 'pages/about.yaml');
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace('title: About the fixture company and team', 'title: About us, edited while stopped'),
    );
    const changed = next();
    const start = await changed.start(['page/about']);
    expect(start.provisional).toBeUndefined();
    expect(start.codes['page/about']).toContain('About us, edited while stopped');
  });

  it('fails what waits with ContentCheckStopped when its thread stops, and starts a new thread for the next request', async () => {
    const { service } = serviceFor('_base');
    const waiting = service.check(['pages']);
    await service.close();
    await expect(waiting).rejects.toThrow(/^ContentCheckStopped: /);
    const answer = await service.check(['pages']);
    expect(answer.errors).toBe(0);
    expect(answer.codes.pages).toContain('"/about"');
  });
});
