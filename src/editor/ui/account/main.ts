/**
 * The shared editor's sign-in page, and the page an invitation link opens (`/invite#<token>`), where a
 * new colleague chooses their password. The token travels in the fragment, which browsers never send
 * to a server or put in a Referer, and is posted once to be checked.
 */
import './account.css';
import { localPath } from '../../shared/local-path.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('form');
const email = $<HTMLInputElement>('email');
const password = $<HTMLInputElement>('password');
const confirm = $<HTMLInputElement>('confirm');
const error = $<HTMLParagraphElement>('error');
const submit = $<HTMLButtonElement>('submit');

const token = location.pathname === '/invite' ? location.hash.slice(1) : '';

async function post(path: string, body: unknown): Promise<{ ok: boolean; json: Record<string, string> }> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, json: (await response.json().catch(() => ({}))) as Record<string, string> };
  } catch {
    return { ok: false, json: { message: 'The editor does not answer. Check your connection and try again.' } };
  }
}

function show(message: string, field?: HTMLInputElement) {
  error.textContent = message;
  for (const input of [email, password, confirm]) input.removeAttribute('aria-invalid');
  if (field) {
    field.setAttribute('aria-invalid', 'true');
    field.focus();
  }
}

async function setUpInvitation() {
  $('lead').textContent = 'Checking your invitation…';
  const { ok, json } = await post('/auth/invitation', { token });
  if (!ok) {
    $('lead').textContent = json.message ?? 'This invitation cannot be used.';
    form.hidden = true;
    return;
  }
  document.title = 'Choose your password · Content editor';
  $('lead').textContent =
    `Welcome${json.name ? `, ${json.name}` : ''}. Choose the password you will sign in with as ${json.email} (${json.role}).`;
  email.value = json.email ?? '';
  email.readOnly = true;
  password.autocomplete = 'new-password';
  $('password-hint').hidden = false;
  $('confirm-field').hidden = false;
  submit.textContent = 'Set password and sign in';
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void (async () => {
    if (!token && !email.value.trim()) return show('Enter your e-mail address.', email);
    if (!password.value) return show('Enter your password.', password);
    if (token && password.value !== confirm.value)
      return show('The two passwords differ. Type the same password twice.', confirm);
    submit.disabled = true;
    const { ok, json } = token
      ? await post('/auth/accept', { token, password: password.value })
      : await post('/auth/sign-in', { email: email.value.trim(), password: password.value });
    submit.disabled = false;
    // What was typed stays in the fields, so a mistake costs one correction, not a second form.
    if (!ok) return show(json.message ?? 'That did not work. Try again.', token ? password : undefined);
    // Back to where the person was going (a change set's review link), on this site only.
    location.assign(localPath(new URLSearchParams(location.search).get('next') ?? '/'));
  })();
});

/** With company single sign-on set up, its button comes first; the form stays for local accounts. */
async function offerSingleSignOn() {
  const options = (await fetch('/auth/options')
    .then((r) => r.json())
    .catch(() => ({}))) as { oidc?: { label: string } | null };
  if (!options.oidc) return;
  const link = $<HTMLAnchorElement>('sso-link');
  link.textContent = options.oidc.label;
  link.href = `/auth/oidc/start?${new URLSearchParams({ next: new URLSearchParams(location.search).get('next') ?? '/' })}`;
  $('sso').hidden = false;
  $('lead').textContent = 'Sign in with your company account, or with the e-mail address and password of your editor account.';
}

if (token) void setUpInvitation();
else if (location.pathname === '/invite') {
  $('lead').textContent =
    'This invitation link is incomplete: open the whole link you were sent, or ask an administrator for a new one.';
  form.hidden = true;
} else void offerSingleSignOn();
