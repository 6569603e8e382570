/**
 * One person cannot hold the shared editor for the others: a write in one change set never waits for
 * another change set's, uploads are counted per account, a picture is judged by the pixels its header
 * declares before any is decoded, and a body larger than any page is refused before it is read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeRoot, host, publicUrl, startEditorFixture, type EditorFixture, type Who } from './editor-fixture.ts';

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

function upload(who: Who, bytes: Buffer, name = 'photo.png') {
  return fixture.app.inject({
    method: 'POST',
    url: `/api/media?${new URLSearchParams({ name, alt: 'A test picture of the office' })}`,
    headers: {
      host,
      origin: publicUrl.origin,
      cookie: fixture.sessions[who].cookie,
      'x-csrf-token': fixture.sessions[who].csrf,
      'x-change-set': fixture.own[who].id,
      'content-type': 'application/octet-stream',
    },
    payload: bytes,
  });
}

/** A PNG whose header declares `width` × `height` pixels, with almost no pixel data behind it. */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
  it('refuses a JSON body over 1 MB before reading it, by name (413)', async () => {
    const response = await fixture.call('POST', '/api/draft', 'writer', {
      payload: JSON.stringify({ file, version: 'x', data: { title: 'x'.repeat(1024 * 1024) } }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('EditorTooLarge');
  });
});
