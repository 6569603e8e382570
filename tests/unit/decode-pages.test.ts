import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';

const script = resolve(import.meta.dirname, '../../scripts/decode-pages.mjs');
const folders: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'decode-pages-'));
  folders.push(dir);
  return dir;
};
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('npm run pages:decode', () => {
  it('writes every stored page as plain HTML beside its brotli copy, and leaves other files alone', () => {
    const build = scratch();
    const page = (file: string, html: string) => {
      mkdirSync(join(build, file, '..'), { recursive: true });
      writeFileSync(join(build, `${file}.br`), brotliCompressSync(html));
    };
    writeFileSync(join(build, 'routes.json'), '["/","/react"]');
    page('index.html', '<!doctype html><p>Home</p>');
    page('react/index.html', '<!doctype html><p>React</p>');
    page('404.html', '<!doctype html><p>Not found</p>');
    mkdirSync(join(build, 'assets'));
    writeFileSync(join(build, 'assets/app.js.br'), brotliCompressSync('export {}'));

    const run = spawnSync(process.execPath, [script, build], { encoding: 'utf8' });

    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Decoded 3 pages');
    expect(readFileSync(join(build, 'index.html'), 'utf8')).toBe('<!doctype html><p>Home</p>');
    expect(readFileSync(join(build, 'react/index.html'), 'utf8')).toBe('<!doctype html><p>React</p>');
    expect(readFileSync(join(build, '404.html'), 'utf8')).toBe('<!doctype html><p>Not found</p>');
    expect(readFileSync(join(build, 'react/index.html.br')).length).toBeGreaterThan(0);
    expect(() => readFileSync(join(build, 'assets/app.js'))).toThrow();
  });

  it('refuses a folder that holds no build, with BuildMissing and what to run', () => {
    const run = spawnSync(process.execPath, [script, scratch()], { encoding: 'utf8' });

    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^BuildMissing: .* Run `npm run build` first/);
  });
});
