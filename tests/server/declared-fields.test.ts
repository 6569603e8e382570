import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../src/forms/declared.ts';
import { applicationSpec, contactSpec } from '../../src/forms/spec.ts';
import { composeEmail } from '../../src/server/notify/email.ts';
import type { Delivery, Submission } from '../../src/server/storage/index.ts';
import { toCsv, toPersonReport } from '../../src/server/submissions-format.ts';
import { anyStorage, type StorageUnderTest } from './helpers.ts';

// A field is declared once, in its request schema's `x-field` (schemas/api/); everything below is
// derived from that declaration, so each form's every field must show up in each place by itself.
describe.each(Object.values(declarations))('every declared field of the $submission form', (form) => {
  let underTest: StorageUnderTest;
  let stored: Submission;
  const values = Object.fromEntries(form.fields.map((field) => [field.name, `value of ${field.name}`]));

  beforeAll(async () => {
    underTest = await anyStorage.open();
    const saved =
      form.submission === 'contact'
        ? await underTest.storage.saveContact({ ...(values as Record<string, string>), spam: false } as never)
        : await underTest.storage.saveApplication({ ...(values as Record<string, string>), spam: false } as never);
    const list =
      form.submission === 'contact' ? await underTest.storage.listContacts() : await underTest.storage.listApplications();
    stored = list.find((s) => s.id === saved.id)!;
  });
  afterAll(() => underTest?.cleanup());

  it('is stored in its column and read back', () => {
    for (const field of form.fields)
      expect((stored as unknown as Record<string, unknown>)[field.name], field.name).toBe(values[field.name]);
  });

  it('is a column of the CSV export, and a labelled line of find and of the notification e-mail', () => {
    const csv = toCsv([stored], form.submission).split('\r\n');
    const report = toPersonReport([stored]);
    const email = composeEmail(
      { from: 'site@example.in', to: { contact: ['team@example.in'], application: ['hr@example.in'] } } as never,
      { id: 'delivery-1' } as Delivery,
      stored,
    ).text;
    for (const field of form.fields) {
      expect(csv[0]!.split(','), field.name).toContain(field.column);
      expect(csv[1], field.name).toContain(`value of ${field.name}`);
      expect(report, field.name).toMatch(new RegExp(`${field.label}\\s+value of ${field.name}`));
      expect(email, field.name).toContain(`${field.label}:`);
      expect(email, field.name).toContain(`value of ${field.name}`);
    }
  });

  it('has its label and messages on the form, in the declared order', () => {
    const spec = form.submission === 'contact' ? contactSpec : applicationSpec;
    expect(spec.order).toEqual(form.fields.map((field) => field.name));
    expect(spec.endpoint).toBe(form.endpoint);
    for (const field of form.fields) {
      expect((spec.fields as Record<string, { label: string; required: string }>)[field.name]).toMatchObject({
        label: field.label,
        required: field.required,
      });
    }
  });

  it('names the person by exactly one e-mail field and one phone field, for find and erase', () => {
    expect(form.fields.filter((field) => field.identifies === 'email')).toHaveLength(1);
    expect(form.fields.filter((field) => field.identifies === 'phone')).toHaveLength(1);
  });
});
