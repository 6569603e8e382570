import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyFix, checkDraft, openFile, saveFile } from '../../src/editor/api/api.ts';
import { projectCopy } from './content-fixtures.ts';

let root: string;
beforeEach(() => {
  root = projectCopy('editor-fix');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the editor's Apply button", () => {
  it('applies the check’s fix to the draft: the problem is gone and the value holds the characters as typed', async () => {
    const file = 'content/site.yaml';
    const text = readFileSync(join(root, file), 'utf8');
    writeFileSync(join(root, file), text.replace(/postalCode: "?\d+"?/, 'postalCode: 020130'));
    const opened = openFile({ root }, file);
    const before = await checkDraft({ root }, file, opened.version, opened.data);
    const problem = before.problems.find((p) => p.code === 'WrongType' && p.path.endsWith('postalCode'));
    expect(problem?.fix?.label).toBe('Write `"020130"`');

    const { data } = applyFix({ root }, file, opened.version, opened.data, problem!.fix!);
    expect((data as { contact: { address: { postalCode: unknown } } }).contact.address.postalCode).toBe('020130');
    const after = await checkDraft({ root }, file, opened.version, data);
    expect(after.problems.filter((p) => p.severity === 'error')).toEqual([]);
    await saveFile({ root }, file, opened.version, data);
    expect(readFileSync(join(root, file), 'utf8')).toContain('postalCode: "020130"');
  });

  it('refuses a fix whose place no longer holds what it replaces, changing nothing', async () => {
    const file = 'content/pages/react.yaml';
    const opened = openFile({ root }, file);
    const stale = { start: 0, end: 5, was: 'nope:', text: 'x', label: 'Write `x`' };
    expect(() => applyFix({ root }, file, opened.version, opened.data, stale)).toThrow(
      expect.objectContaining({ code: 'EditorFixStale' }),
    );
  });
});
