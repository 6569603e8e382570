import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, createServer, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { contentPlugin } from '../../src/content/build/plugin.ts';
import { dataModule, readDataModule } from '../../src/content/build/page-data.ts';
import { fixture } from './content-fixtures.ts';
import { fileURLToPath } from 'node:url';
import { checkContent } from '../../src/content/check.ts';
import { serverFacts } from '../../src/content/build/server-facts.ts';

type Located = { message?: string; loc?: { file?: string; line: number; column: number }; frame?: string };

/** Vite's configuration for a fixture, with the real content plugin and nothing else. */
function configFor(dirs: ReturnType<typeof fixture>) {
  return {
    configFile: false as const,
    root: dirs.root,
    logLevel: 'silent' as const,
    publicDir: dirs.publicDir,
    plugins: [contentPlugin({ contentDir: dirs.contentDir, schemaDir: dirs.schemaDir, publicDir: dirs.publicDir })],
  };
}

/** Builds a tiny app that routes through the content modules, with the real content plugin. */
async function buildFixture(name: string) {
  const dirs = fixture(name);
  writeFileSync(
    join(dirs.root, 'entry.js'),
    `import site from 'virtual:content/site';\nimport pages from 'virtual:content/pages';\n` +
      `console.log(site.site.brand.name, pages.map((p) => p.route));\nPromise.all(pages.map((p) => p.load()));\n`,
  );
  return build({
    ...configFor(dirs),
    build: { write: false, rollupOptions: { input: join(dirs.root, 'entry.js') }, minify: false, copyPublicDir: false },
  }) as Promise<Rollup.RollupOutput>;
}

describe('content plugin in vite build', () => {
  it('fails the build with the file, line, column, fix and code frame of every problem', async () => {
    const failure = await buildFixture('many-problems').then(
      () => undefined,
      (error: unknown) => error as Error & { errors?: Located[] } & Located,
    );
    expect(failure, 'the build must fail').toBeDefined();
    expect(failure!.message).toContain('content/pages/about.yaml:9:15  UnknownLogo  sections[0].items[0].logo');
    expect(failure!.message).toContain('content/pages/home.yaml:8:9  UnknownProperty  sections[0].cards[0].titel');
    expect(failure!.message).toContain('Did you mean `title`?');
    expect(failure!.message).toContain('4 content errors in 2 files.');
    // Rolldown wraps plugin errors in an aggregate; the first carries the location Vite shows.
    const located = failure!.errors?.[0] ?? failure!;
    expect(located.loc).toMatchObject({ line: 9, column: 14 });
    expect(located.loc?.file).toMatch(/content\/pages\/about\.yaml$/);
    expect(located.frame).toContain('>  9 |         logo: reactjs');
  });

  it("fails the build on a page that still has the template's TODO text", async () => {
    const failure = await buildFixture('placeholder-text').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure, 'the build must fail').toBeDefined();
    expect(failure!.message).toContain('content/pages/about.yaml:7:15  PlaceholderText  sections[0].heading');
    expect(failure!.message).toContain('3 content errors in 1 file.');
  });

  it("writes each page's data to a file of its own, named by the route table, and ships no validator or YAML parser", async () => {
    const output = await buildFixture('_base');
    const chunks = output.output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
    const entry = chunks.find((c) => c.isEntry)!;
    const dataFiles = output.output.filter(
      (o): o is Rollup.OutputAsset => o.type === 'asset' && o.fileName.startsWith('assets/pages/'),
    );
    const home = dataFiles.find((f) => String(f.source).includes('Why choose us'))!;
    const about = dataFiles.find((f) => String(f.source).includes('Our tools'))!;
    expect(home).toBeDefined();
    expect(about).toBeDefined();
    expect(home).not.toBe(about);
    expect(about.fileName).toMatch(/^assets\/pages\/about-[\w-]{8}\.js$/);
    // The entry knows routes, titles and where each page's data is, not the pages' sections.
    expect(entry.code).toContain('"/about"');
    expect(entry.code).toContain(`"/${about.fileName}"`);
    expect(entry.code).not.toContain('Why choose us');
    expect(entry.code).not.toContain('Our tools');
    const { default: data } = (await import(`data:text/javascript,${encodeURIComponent(String(about.source))}`)) as {
      default: { page: { route: string } };
    };
    expect(data.page.route).toBe('/about');
    const all = [...chunks.map((c) => c.code), ...dataFiles.map((f) => String(f.source))].join('\n');
    expect(all).not.toMatch(/ajv|new Function|LineCounter|parseDocument/);
    const routes = output.output.find((o) => o.fileName === 'routes.json') as Rollup.OutputAsset;
    expect(JSON.parse(String(routes.source))).toEqual(['/', '/about']);
  });

  it('writes beside the pages all the production server reads of the content: routes, roles and the notice version', async () => {
    const output = await buildFixture('_base');
    const facts = output.output.find((o) => o.fileName === 'server-facts.json') as Rollup.OutputAsset | undefined;
    expect(facts, 'server-facts.json is emitted').toBeDefined();
    // The fixture has no careers section, job opening or privacy page.
    expect(JSON.parse(String(facts!.source))).toEqual({ routes: ['/', '/about'], roles: [], noticeVersion: null, forms: [] });
  });
});

describe('a data module', () => {
  it('exports the data as a JSON object literal', async () => {
    const source = dataModule(JSON.stringify({ title: 'React', tags: ['a', 'b'] }));

    expect(source).toBe('export default {"title":"React","tags":["a","b"]};\n');
  });

  it('keeps a __proto__ key as data, not as the prototype', async () => {
    const data = JSON.parse('{"name":"odd","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const { default: loaded } = (await import(
      `data:text/javascript,${encodeURIComponent(dataModule(JSON.stringify(data)))}`
    )) as {
      default: Record<string, unknown>;
    };

    expect(Object.keys(loaded)).toEqual(['name', '__proto__']);
    expect((loaded as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it.each([
    ['plain data', '{"title":"React","tags":["a","b"]}'],
    ['data with a __proto__ key', '{"name":"odd","__proto__":{"polluted":true}}'],
  ])('is read back by the prerender as the same data: %s', (_case, json) => {
    expect(JSON.stringify(readDataModule(dataModule(json), 'react-abc.js'))).toBe(json);
  });

  it('refuses a file that is not a data module, with PageDataUnreadable', () => {
    expect(() => readDataModule('console.log(1)', 'assets/pages/react-abc.js')).toThrow(
      /^PageDataUnreadable: assets\/pages\/react-abc.js/,
    );
  });
});

describe('content plugin in the dev server', () => {
  /** A dev server without HTTP, as Vite's middleware mode makes one, over a fixture. */
  async function devServer(name: string) {
    return createServer({
      ...configFor(fixture(name)),
      server: { middlewareMode: true, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
  }

  it("serves the route table and each page's data", async () => {
    const server = await devServer('_base');
    try {
      const pages = await server.environments.client.transformRequest('virtual:content/pages');
      expect(pages?.code).toContain('"/about"');
      const about = await server.environments.client.transformRequest('virtual:content/page/about');
      expect(about?.code).toContain('"route":"/about"');
    } finally {
      await server.close();
    }
  });

  it("answers a content module with the problem's file, line and column while the content has an error", async () => {
    const server = await devServer('unknown-logo');
    try {
      const failure = await server.environments.client.transformRequest('virtual:content/pages').then(
        () => undefined,
        (error: unknown) => error as Error & Located,
      );
      expect(failure, 'the module must not be served').toBeDefined();
      expect(failure!.message).toContain('UnknownLogo');
      expect(failure!.loc?.file).toMatch(/content\/pages\/about\.yaml$/);
      expect(failure!.loc?.line).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  /**
   * A dev server over the base fixture that has served the about page, with what it sends the browser
   * (page updates, reloads, overlays) in order, and a way to save the page's file as Vite's watcher tells.
   */
  async function servingAbout() {
    const server = await devServer('_base');
    const file = join(server.config.root, 'content/pages/about.yaml');
    const original = readFileSync(file, 'utf8');
    const sent: { type: string; event?: string; data?: unknown; err?: { message: string } }[] = [];
    server.ws.send = ((payload: (typeof sent)[number]) => void sent.push(payload)) as typeof server.ws.send;
    await server.environments.client.transformRequest('virtual:content/page/about');
    const save = (text: string) => {
      writeFileSync(file, text);
      server.watcher.emit('change', file);
    };
    return { server, original, sent, save };
  }

  it('sends a changed page as new data, an error as the overlay, and reloads once the error is fixed', async () => {
    const { server, original, sent, save } = await servingAbout();
    try {
      save(original.replace('heading: Our tools', 'heading: Tools we use every day'));
      await expect.poll(() => sent.length).toBe(1);
      expect(sent[0]).toMatchObject({ type: 'custom', event: 'content:page' });
      expect(JSON.stringify(sent[0]!.data)).toContain('Tools we use every day');

      save(original.replace('logo: react', 'logo: reactjs'));
      await expect.poll(() => sent.length).toBe(2);
      expect(sent[1]).toMatchObject({ type: 'error' });
      expect(sent[1]!.err!.message).toContain('UnknownLogo');

      save(original);
      await expect.poll(() => sent.length).toBe(3);
      expect(sent[2]).toMatchObject({ type: 'full-reload' });
    } finally {
      await server.close();
    }
  });

  it('shows the last of several quick saves, whatever was being checked when they came', async () => {
    const { server, original, sent, save } = await servingAbout();
    try {
      for (let saves = 1; saves <= 5; saves++)
        save(original.replace('heading: Our tools', `heading: Our tools, saved ${saves} times`));
      await expect.poll(() => JSON.stringify(sent.at(-1)?.data ?? '')).toContain('Our tools, saved 5 times');
      // Saves that came during a check are checked together afterwards, not one by one.
      expect(sent.length).toBeLessThanOrEqual(2);
      expect(sent.every((message) => message.event === 'content:page')).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe("the real site's facts for the server", () => {
  it("carry each form's promise to its sender, its placeholders filled in, and where replies go", async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const { replies } = serverFacts(await checkContent({ root, unfinished: 'fail' }), root);
    expect(replies).toMatchObject({ siteName: 'Sutra Labs', siteUrl: 'https://www.sutralabs.in' });
    for (const form of ['contact', 'application'] as const) {
      expect(replies![form].promise).not.toMatch(/[{}]/);
      expect(replies![form].promise).toContain(replies![form].replyTo);
      expect(replies![form].confirmationEmail).toBe(true);
    }
  });
});
