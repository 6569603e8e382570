/**
 * A form drawn again around a plain HTML post (src/server/form-pages.ts), over the real build: for every page
 * the build says has a form, with values of any text, the page is the stored page with only its form changed,
 * every value shows in its field as typed, every message sits at its field, and the state the app hydrates
 * from is in the page and reads back as sent.
 */
import fc from 'fast-check';
import { Window } from 'happy-dom';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../src/forms/declared.ts';
import { POSTED_FORM_ELEMENT, readPostedForm, type PostedForm } from '../../src/forms/posted.ts';
import { createFormPageRenderer, type FormPageRenderer } from '../../src/server/form-pages.ts';
import { readClientBuild, type ClientBuild } from '../../src/server/static.ts';
import { runs } from '../helpers/depth.ts';
import { builtHtml } from './built-site.ts';

let site: ClientBuild;
let render: FormPageRenderer;
beforeAll(async () => {
  site = await readClientBuild({ clientDir: fileURLToPath(new URL('../../dist/client/', import.meta.url)) });
  render = createFormPageRenderer(site);
});

const window = new Window({
  settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});
const parse = (html: string) => new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;

/** Text a visitor may type into a field, hostile text included. */
const typed = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('</script><script>alert(1)</script>', '<!--', ']]>', '"quoted" & <b>bold</b>', '\u2028line\u2029', '{{x}}'),
);

describe('a form drawn again around a plain HTML post', () => {
  test('the build lists a page with each form: the enquiry, and every role it offers', () => {
    const forms = site.facts.forms;
    expect(forms.some((form) => form.submission === 'contact')).toBe(true);
    const roles = forms.filter((form) => form.submission === 'application').map((form) => form.role);
    expect(roles.length).toBeGreaterThan(0);
    expect(new Set(roles).size).toBe(roles.length);
  });

  test('on every form page, keeps every value as typed and shows each message at its field, and changes nothing else', async () => {
    for (const form of site.facts.forms) {
      const declared = declarations[form.submission];
      const fields = declared.fields.filter((field) => field.name !== 'domain');
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...fields.map(() => typed)),
          fc.subarray(
            fields.map((field) => field.name),
            { minLength: 1 },
          ),
          async (texts, wrong) => {
            const values = Object.fromEntries(fields.map((field, at) => [field.name, texts[at]!]));
            const errors = Object.fromEntries(wrong.map((name) => [name, `Problem with ${name}: ${values[name]}`]));
            const posted: PostedForm = {
              submission: form.submission,
              route: form.route,
              ...(form.role === undefined ? {} : { role: form.role }),
              values,
              errors,
            };
            const html = (await render(posted))!;
            const stored = builtHtml(form.route);
            // The head and everything before the app are the stored page's.
            expect(html.slice(0, html.indexOf('<div id="root">'))).toBe(stored.slice(0, stored.indexOf('<div id="root">')));
            const document = parse(html);
            const shown = document.querySelector(`form[action$="${declared.endpoint}"]`)!;
            expect(shown).not.toBeNull();
            for (const field of fields) {
              const control = shown.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${field.name}"]`)!;
              // A browser shows a textarea's text as written, without its first line break.
              expect(control.value.replace(/^\n/, '')).toBe(values[field.name]!.replace(/^\n/, ''));
              const message = control.getAttribute('aria-describedby');
              if (errors[field.name]) {
                expect(control.getAttribute('aria-invalid')).toBe('true');
                expect(document.getElementById(message!.split(' ').pop()!)!.textContent).toBe(errors[field.name]);
              } else {
                expect(control.hasAttribute('aria-invalid')).toBe(false);
              }
            }
            expect(document.querySelectorAll('script:not([src])').length).toBe(
              parse(stored).querySelectorAll('script:not([src])').length + 1,
            );
            expect(readPostedForm(document)).toEqual(posted);
            expect(document.getElementById(POSTED_FORM_ELEMENT)!.parentElement!.tagName).toBe('BODY');
          },
        ),
        { seed: 51, numRuns: runs(2, 15) },
      );
    }
  });

  test('has no page for a route the build does not have', async () => {
    expect(await render({ submission: 'contact', route: '/no-such-page', values: {}, errors: {} })).toBeUndefined();
  });
});
