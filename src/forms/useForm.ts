/**
 * State and submission of one form: controlled values, checks against the request schema before
 * sending, per-field messages (ours, or the server's after a 400), one request at a time with a time
 * limit, toasts for the outcome, and an optional draft that survives a reload.
 */
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { notify, useToaster } from '../components/Toaster/index.tsx';
import { clearDraft, readDraft, writeDraft } from './draft.ts';
import { checkBody, fromServer, summarise, trimAll, type FieldErrors, type Validator } from './messages.ts';
import { HONEYPOT, type FormSpec } from './spec.ts';
import { usePostedForm } from './posted-context.ts';
import { postJson } from './submit.ts';
import type { FieldLimits } from './declared.ts';

export interface UseFormOptions<F extends string> {
  readonly spec: FormSpec<F>;
  readonly validate: Validator;
  /** Limits from the schema (`virtual:form-validators`), for the inputs' attributes. */
  readonly limits: Readonly<Record<string, FieldLimits>>;
  /** Values the visitor does not type, such as the role applied for. */
  readonly fixed?: Partial<Record<F, string>>;
  /** Toast texts from content. */
  readonly success: string;
  readonly failure: string;
  /** sessionStorage key: keep a draft of the typed values until the form is sent. */
  readonly draftKey?: string;
  readonly onSuccess?: () => void;
}

/** What an input needs from the form. */
export interface FieldBinding {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly errorId: string;
  readonly required: boolean;
  readonly maxLength: number | undefined;
  /** The value's shape for the browser's own check, and the message that explains it. */
  readonly pattern: string | undefined;
  readonly patternTitle: string | undefined;
  readonly onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** What a file input needs from the form (`x-form.files`): the input itself keeps the chosen file. */
export interface FileBinding {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly hint: string;
  /** For the browser's file picker: the extensions and media types the form takes. */
  readonly accept: string;
  readonly error: string | undefined;
  readonly errorId: string;
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export interface FormController<F extends string> {
  readonly field: (name: F) => FieldBinding;
  readonly file: (name: string) => FileBinding;
  readonly errors: FieldErrors<F>;
  readonly honeypot: { readonly value: string; readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  readonly sending: boolean;
  /** The announcement after a failed check; `attempt` changes with each submit so it is announced again. */
  readonly summary: { readonly text: string; readonly attempt: number };
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly reset: () => void;
}

const emptyValues = <F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>;

export function useForm<F extends string>(options: UseFormOptions<F>): FormController<F> {
  const { spec, validate, limits, fixed, draftKey } = options;
  const typed = spec.order.filter((name) => !(fixed && name in fixed));
  const typedFields = useRef(typed);
  // A plain HTML post the server sent back starts the form where the visitor left it, messages included.
  const posted = usePostedForm(spec.submission, (fixed as Readonly<Record<string, string>> | undefined)?.domain);
  const [values, setValues] = useState(() => ({ ...emptyValues(typed), ...pick(posted?.values ?? {}, typed) }));
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors<F>>(() => pick(posted?.errors ?? {}, spec.order) as FieldErrors<F>);
  const [summary, setSummary] = useState(() => ({
    text: posted
      ? (posted.message ??
        summarise(spec, pick(posted.errors, spec.order) as FieldErrors<F>, pick(posted.errors, Object.keys(spec.files))))
      : '',
    attempt: 0,
  }));
  // A file input cannot be given a file, so it keeps its own; these are its messages.
  const [fileErrors, setFileErrors] = useState<Record<string, string>>(() => pick(posted?.errors ?? {}, Object.keys(spec.files)));
  const [sending, setSending] = useState(false);
  // State updates are not synchronous; a ref stops a double click from sending twice.
  const inFlight = useRef(false);
  const idBase = useId();
  const navigate = useNavigate();
  useToaster();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  /**
   * The values on screen. Until React has hydrated the form, what the visitor types lives only in the
   * DOM, and a press of the submit button that came before hydration is replayed the moment it has
   * (src/app/startup/boot.ts), before an effect could copy those values into state.
   */
  const onScreen = useCallback((): Partial<Record<F, string>> => {
    const found: Partial<Record<F, string>> = {};
    for (const name of typedFields.current) {
      const input = document.getElementById(`${idBase}-${name}`);
      if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) found[name] = input.value;
    }
    return found;
  }, [idBase]);

  useEffect(() => {
    // What was typed before hydration wins over a stored draft.
    const typedEarly = Object.fromEntries(Object.entries(onScreen()).filter(([, value]) => value !== ''));
    const draft = draftKey ? readDraft(draftKey) : undefined;
    if (!draft && Object.keys(typedEarly).length === 0) return;
    setValues((current) => ({ ...current, ...pick(draft ?? {}, Object.keys(current)), ...typedEarly }));
  }, [draftKey, onScreen]);

  const body = useCallback(
    (current: Record<F, string>, trap: string) => {
      const all = { ...current, ...(latest.current.fixed ?? {}) } as Record<F, string>;
      const ordered = Object.fromEntries(spec.order.map((name) => [name, all[name] ?? '']));
      return trimAll({ ...ordered, [HONEYPOT]: trap });
    },
    [spec],
  );

  const focusField = (name: F) => {
    const input = document.getElementById(`${idBase}-${name}`);
    if (input) input.focus();
  };

  const showErrors = (found: FieldErrors<F>, foundFiles: Record<string, string> = {}) => {
    setErrors(found);
    setFileErrors(foundFiles);
    setSummary((previous) => ({ text: summarise(spec, found, foundFiles), attempt: previous.attempt + 1 }));
    const first = [...spec.order.filter((name) => found[name]), ...Object.keys(foundFiles)].find((name) =>
      document.getElementById(`${idBase}-${name}`),
    );
    if (first) focusField(first as F);
  };

  /** The chosen files, as their inputs hold them. */
  const chosenFiles = (): [string, File][] =>
    Object.keys(spec.files).flatMap((name) => {
      const input = document.getElementById(`${idBase}-${name}`);
      const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
      return file ? [[name, file] as [string, File]] : [];
    });

  /** What is wrong with the chosen files, as far as the browser can tell: the server judges their content. */
  const checkFilesChosen = (chosen: readonly [string, File][]): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const [name, declared] of Object.entries(spec.files)) {
      const file = chosen.find(([field]) => field === name)?.[1];
      if (!file) found[name] = declared.required;
      else if (file.size > declared.maxBytes) found[name] = declared.tooLarge;
      else if (!Object.keys(declared.types).includes(file.name.split('.').pop()?.toLowerCase() ?? ''))
        found[name] = declared.invalid;
    }
    return found;
  };

  const onChange = (name: F) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [name]: event.target.value };
    // An update, not `next`: the first keystroke after hydration can come before the values typed
    // earlier (read in the effect above) have reached `values`, and must not wipe them.
    setValues((current) => ({ ...current, [name]: event.target.value }));
    if (draftKey) writeDraft(draftKey, next);
    // Once a field shows a message, it follows the typing, so it disappears as soon as the value is right.
    if (errors[name]) {
      const message = checkBody(spec, validate, body(next, honeypot))[name];
      const nextErrors = { ...errors, [name]: message };
      if (!message) delete nextErrors[name];
      setErrors(nextErrors);
      if (Object.keys(nextErrors).length === 0) setSummary((previous) => ({ ...previous, text: '' }));
    }
  };

  const reset = () => {
    setValues(emptyValues(typed));
    setHoneypot('');
    setErrors({});
    setFileErrors({});
    for (const name of Object.keys(spec.files)) {
      const input = document.getElementById(`${idBase}-${name}`);
      if (input instanceof HTMLInputElement) input.value = '';
    }
    setSummary((previous) => ({ ...previous, text: '' }));
    if (draftKey) clearDraft(draftKey);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const shown = { ...values, ...onScreen() };
    setValues(shown);
    const request = body(shown, honeypot);
    const found = checkBody(spec, validate, request);
    const files = chosenFiles();
    const foundFiles = checkFilesChosen(files);
    if (Object.keys(found).length > 0 || Object.keys(foundFiles).length > 0) {
      showErrors(found, foundFiles);
      return;
    }
    setErrors({});
    setFileErrors({});
    setSummary((previous) => ({ ...previous, text: '' }));
    inFlight.current = true;
    setSending(true);
    void postJson(spec.endpoint, request, undefined, files).then((result) => {
      inFlight.current = false;
      setSending(false);
      const { success, failure, onSuccess } = latest.current;
      if (result.ok) {
        reset();
        notify('success', success);
        onSuccess?.();
        // The page that says what happens next, as after a plain HTML post: the same result either way.
        void navigate(spec.confirmation);
        return;
      }
      // Everything typed stays, so the visitor can try again.
      notify('error', failure);
      if (result.fields) {
        const fromApi = fromServer(spec, result.fields);
        // The server's words for a file are the API's; the form says it in its own.
        const filesFromApi = Object.fromEntries(
          result.fields.flatMap(({ field, message }) => {
            const declared = Object.hasOwn(spec.files, field) ? spec.files[field]! : undefined;
            if (!declared) return [];
            return [
              [
                field,
                / at most /.test(message)
                  ? declared.tooLarge
                  : / is required/.test(message)
                    ? declared.required
                    : declared.invalid,
              ],
            ];
          }),
        );
        if (Object.keys(fromApi).length + Object.keys(filesFromApi).length > 0) showErrors(fromApi, filesFromApi);
      }
    });
  };

  const field = (name: F): FieldBinding => ({
    id: `${idBase}-${name}`,
    name,
    label: spec.fields[name].label,
    value: values[name] ?? fixed?.[name] ?? '',
    error: errors[name],
    errorId: `${idBase}-${name}-error`,
    required: limits[name]?.required ?? false,
    maxLength: limits[name]?.maxLength,
    pattern: limits[name]?.pattern,
    patternTitle: limits[name]?.patternTitle,
    onChange: onChange(name),
  });

  const file = (name: string): FileBinding => {
    const declared = spec.files[name]!;
    return {
      id: `${idBase}-${name}`,
      name,
      label: declared.label,
      hint: declared.hint,
      accept: Object.entries(declared.types)
        .flatMap(([ext, type]) => [`.${ext}`, type])
        .join(','),
      error: fileErrors[name],
      errorId: `${idBase}-${name}-error`,
      onChange: (event) => {
        if (!fileErrors[name]) return;
        const chosen = event.target.files?.[0];
        const message = checkFilesChosen(chosen ? [[name, chosen]] : [])[name];
        setFileErrors(({ [name]: _was, ...rest }) => (message ? { ...rest, [name]: message } : rest));
      },
    };
  };

  return {
    field,
    file,
    errors,
    honeypot: { value: honeypot, onChange: (event) => setHoneypot(event.target.value) },
    sending,
    summary,
    onSubmit,
    reset,
  };
}

function pick(source: Readonly<Record<string, string>>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, source[key]!]));
}
