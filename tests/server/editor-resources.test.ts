/**
 * One person cannot hold the shared editor for the others: a write in one change set never waits for
 * another change set's, uploads are counted per account, a picture is judged by the pixels its header
 * declares before any is decoded, and a body larger than any page is refused before it is read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeRoot, startEditorFixture, type EditorFixture, type Who } from './editor-fixture.ts';
import { declaredPng } from './hostile-requests.ts';

let fixture: EditorFixture;
const file = 'content/pages/react.yaml';

beforeAll(async () => {
  fixture = await startEditorFixture('editor-resources', { uploadLimit: { max: 3, windowMs: 60_000 } });
});
afterAll(async () => fixture?.close());

async function save(who: Who, title: string) {
  const opened = (await fixture.call('POST', '/api/open', who, { body: { file } })).json();
  return fixture.call('POST', '/api/save', who, { body: { file, version: opened.version, data: { ...opened.data, title } } });
}

const upload = (who: Who, bytes: Buffer, name: string) => fixture.upload(who, bytes, name);

describe('writes queue per change set', () => {
  it('a write held in one change set does not hold another’s save; its own change set’s next save waits for it', async () => {
    let release!: () => void;
    const held = fixture.changeSets.guard(fixture.own.writer.id, () => new Promise<void>((resolve) => (release = resolve)));
    try {
      // The held change set's save is asked first; another change set saves meanwhile, and answers.
      let answered = false;
      const mine = save('writer', 'Saved after the hold').then((response) => {
        answered = true;
        return response;
      });
      const other = await save('other-writer', 'Saved while another change set was busy');
      expect(other.statusCode, other.body).toBe(200);
      // The held change set's own save has waited all that time, and answers once the hold ends.
      expect(answered).toBe(false);
      release();
      expect((await mine).statusCode).toBe(200);
    } finally {
      release?.();
      await held;
    }
  });
});

describe('pictures', () => {
  it('refuses a picture whose header declares more pixels than the editor takes, without decoding it', async () => {
    const started = performance.now();
    const response = await upload('publisher', declaredPng(16_000, 16_000), 'huge.png');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain('16000 × 16000 pixels');
    // A deadline, not a budget: decoding it held the editor for 3 s.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('counts uploads per account: the fourth in a minute is refused with when to go on, and another account still uploads', async () => {
    const picture = readFileSync(join(codeRoot, 'docs/images/sections/hero.webp'));
    for (let i = 0; i < 3; i++) expect((await upload('writer', picture, `photo-${i}.webp`)).statusCode).toBe(200);
    const refused = await upload('writer', picture, 'photo-4.webp');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('EditorUploadLimited');
    expect(refused.json().message).toMatch(/Wait \d+ (second|minute)/);
    expect((await upload('other-writer', picture, 'photo-5.webp')).statusCode).toBe(200);
  });
});

describe('bodies', () => {
  it('refuses a JSON body over 1 MB before parsing it, by name (413), and reads it to its end so the browser sees why', async () => {
    const response = await fixture.call('POST', '/api/draft', 'writer', {
      payload: JSON.stringify({ file, version: 'x', data: { title: 'x'.repeat(1024 * 1024) } }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('EditorTooLarge');
  });
});
