/**
 * A form generated from a JSON Schema by react-jsonschema-form, with the pickers our content needs:
 * links offer the site's routes and anchors, icons and logos their allowed names, pictures the
 * files under public/media/ and an upload, and texts with **bold** show it as typed. The content
 * check's messages (from the server, the same as the build's) show at their fields.
 */
import { useMemo, useState } from 'react';
import Form, { getDefaultRegistry } from '@rjsf/core';
import type {
  BaseInputTemplateProps,
  ErrorSchema,
  IconButtonProps,
  ObjectFieldTemplateProps,
  RJSFSchema,
  UiSchema,
  WidgetProps,
} from '@rjsf/utils';
import { ArrowDown, ArrowUp, Copy, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { EditorCatalog, Problem } from './api.ts';
import { parsePath } from '../../content/paths.ts';
import { itemName, plainWords } from './words.ts';
import { MediaLibrary } from './MediaLibrary.tsx';
import { IconPicker, useIconShape } from './IconPicker.tsx';
import { Glyph } from '../../components/Icon/index.tsx';

/** What the pickers offer, handed to every widget. */
export interface FormContext {
  readonly catalog: EditorCatalog;
  /**
   * Stores a dropped picture and puts it in `field` (a picture's file field), with `alt` as what the picture
   * shows when given: the file is named from it. Answers the picture's path (`/media/…`).
   */
  readonly upload: (file: File, field: string, alt?: string) => Promise<string>;
  /** What the picture of `field` is said to show now (its alt text), if anything. */
  readonly altOf?: (field: string) => string | undefined;
}

// The schemas carry our own keywords (contentKind, x-widget …): the form's validator must not refuse them.
const validator = customizeValidator({ ajvOptionsOverrides: { strict: false, allErrors: true } });

type Schema = RJSFSchema & { 'x-widget'?: string };

/** The form's layout, read from the schema: which picker each field gets. */
export function uiSchemaFor(schema: Schema): UiSchema {
  // The name is given to the layout too: the form library loses a schema's title where it picks a branch (oneOf).
  const ui: UiSchema = typeof schema.title === 'string' ? { 'ui:title': schema.title } : {};
  if (schema.const !== undefined) return { 'ui:widget': 'hidden' };
  const widget = schema['x-widget'];
  if (widget === 'image') {
    return {
      ...ui,
      ...walkProperties(schema),
      src: { ...uiSchemaFor((schema.properties?.src ?? {}) as Schema), 'ui:widget': 'media' },
    };
  }
  // A choice shows its words (`enumLabels`: "Full-time"), and stores its value (FULL_TIME).
  const labels = (schema as { enumLabels?: Record<string, string> }).enumLabels;
  if (schema.enum && labels) ui['ui:enumNames'] = labels as never;
  if (widget && widget !== 'image') ui['ui:widget'] = widget;
  else if ((schema as { contentKind?: string }).contentKind === 'markdown') {
    ui['ui:widget'] = 'textarea';
    ui['ui:options'] = { rows: 16 };
  } else if (schema.type === 'string' && (schema.maxLength ?? 0) > 200 && !schema.enum) {
    ui['ui:widget'] = 'textarea';
    ui['ui:options'] = { rows: 1 };
  }
  if (schema.type === 'object') Object.assign(ui, walkProperties(schema));
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    ui.items = uiSchemaFor(schema.items as Schema);
    ui['ui:options'] = { orderable: true, addable: true, removable: true, copyable: true };
  }
  return ui;
}

function walkProperties(schema: Schema): UiSchema {
  const ui: UiSchema = {};
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    if (value && typeof value === 'object') ui[key] = uiSchemaFor(value as Schema);
  }
  return ui;
}

/** The checker's problems under `prefix` as the form's error tree, each at its field. */
export function errorsAt(problems: readonly Problem[], prefix: readonly (string | number)[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const problem of problems) {
    const path = parsePath(problem.path);
    if (prefix.some((key, i) => path[i] !== key)) continue;
    // A value that is missing is reported at its group; the marketer looks for it at its field.
    const missing = problem.code === 'MissingProperty' ? problem.message.match(/^`([\w$]+)` is required/)?.[1] : undefined;
    let node = root;
    for (const key of [...path.slice(prefix.length), ...(missing ? [missing] : [])])
      node = (node[String(key)] ??= {}) as Record<string, unknown>;
    const list = ((node.__errors as string[] | undefined) ??= []);
    list.push(plainWords(problem.hint ? `${problem.message} ${problem.hint}` : problem.message));
  }
  return root as ErrorSchema;
}

/** A text field whose **bold** marks are shown as the page will show them. */
function RichWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const long = ((props.schema.maxLength as number | undefined) ?? 0) > 150;
  const common = {
    id: props.id,
    value,
    required: props.required,
    disabled: props.disabled || props.readonly,
    'aria-invalid': (props.rawErrors?.length ?? 0) > 0 || undefined,
    'aria-describedby': `${props.id}__description ${props.id}__error`,
    onChange: (event: { target: { value: string } }) =>
      props.onChange(event.target.value === '' ? undefined : event.target.value),
    onBlur: () => props.onBlur(props.id, value),
    onFocus: () => props.onFocus(props.id, value),
  };
  return (
    <>
      {long ? (
        <textarea {...common} rows={1} className="form-control" />
      ) : (
        <input type="text" {...common} className="form-control" />
      )}
      {value.includes('**') && (
        <p className="rich-shown" aria-label="Shown as">
          {value.split('**').map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part))}
        </p>
      )}
    </>
  );
}

/** The suggestion lists, rendered once for the whole editor (a logo list has thousands of names). */
export const suggestionLists = {
  links: 'editor-links',
  icons: 'editor-icons',
  logos: 'editor-logos',
  media: 'editor-media',
} as const;

export function SuggestionLists({ catalog }: { readonly catalog: EditorCatalog }) {
  return (Object.keys(suggestionLists) as (keyof typeof suggestionLists)[]).map((kind) => (
    <datalist key={kind} id={suggestionLists[kind]}>
      {catalog[kind].map((option) => (
        <option key={option} value={option} />
      ))}
    </datalist>
  ));
}

/** A text field with suggestions: routes for links, names for icons and logos, pictures. */
function SuggestWidget({ props, list }: { props: WidgetProps; list: keyof typeof suggestionLists }) {
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <>
      <input
        id={props.id}
        type="text"
        list={suggestionLists[list]}
        value={value}
        required={props.required}
        disabled={props.disabled || props.readonly}
        aria-invalid={(props.rawErrors?.length ?? 0) > 0 || undefined}
        aria-describedby={`${props.id}__description ${props.id}__error`}
        autoComplete="off"
        onChange={(event) => props.onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={() => props.onBlur(props.id, value)}
        onFocus={() => props.onFocus(props.id, value)}
      />
    </>
  );
}

const contextOf = (props: WidgetProps) => props.registry.formContext as FormContext;

function LinkWidget(props: WidgetProps) {
  return <SuggestWidget props={props} list="links" />;
}
/** An icon: picked from a grid of their pictures, or typed by name; the current one is drawn beside the field. */
function IconWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const [choosing, setChoosing] = useState(false);
  const shape = useIconShape(value || undefined);
  return (
    <div className="icon-field">
      <span className="icon-field-current" aria-hidden>
        {shape && <Glyph node={shape} />}
      </span>
      <SuggestWidget props={props} list="icons" />
      <button type="button" onClick={() => setChoosing(true)} disabled={props.disabled || props.readonly}>
        Choose an icon…
      </button>
      {/* Mounted while in use: a page of cards has an icon field per card, and each needs no dialog of its own until then. */}
      {choosing && (
        <IconPicker
          open
          names={contextOf(props).catalog.icons}
          current={value || undefined}
          onPick={(name) => props.onChange(name)}
          onClose={() => setChoosing(false)}
        />
      )}
    </div>
  );
}
function LogoWidget(props: WidgetProps) {
  return <SuggestWidget props={props} list="logos" />;
}

/**
 * A picture: pick one under public/media/, or drop a file to upload it there. An upload is named from what
 * the picture shows (its alt text): when that is not written yet, it is asked for first, and filled in too.
 */
function MediaWidget(props: WidgetProps) {
  const context = contextOf(props);
  const value = typeof props.value === 'string' ? props.value : '';
  const [choosing, setChoosing] = useState(false);
  const [waiting, setWaiting] = useState<File>();
  const [alt, setAlt] = useState('');
  // The upload puts the picture (and the alt text given here) in the file's data itself: EditorApp.
  const send = (file: File, given?: string) => {
    setWaiting(undefined);
    context.upload(file, props.id, given).catch(() => undefined);
  };
  const take = (file: File | undefined) => {
    if (!file) return;
    if (context.altOf?.(props.id) !== undefined || !context.altOf) send(file);
    else {
      setAlt('');
      setWaiting(file);
    }
  };
  return (
    <div
      className="media"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        take(event.dataTransfer.files[0]);
      }}
    >
      {value && <img className="media-thumb" src={value} alt="" />}
      <SuggestWidget props={props} list="media" />
      <label className="media-upload">
        Upload a picture…
        <input
          type="file"
          accept="image/webp,image/avif,image/png,image/jpeg"
          onChange={(event) => take(event.target.files?.[0])}
        />
      </label>
      <button type="button" className="media-choose" onClick={() => setChoosing(true)}>
        Choose from the library…
      </button>
      {waiting && (
        <div className="media-describe" role="group" aria-labelledby={`${props.id}__describe`}>
          <label id={`${props.id}__describe`} htmlFor={`${props.id}__alt-first`}>
            What does {waiting.name} show? The file is named from it, and people who cannot see the picture hear it.
          </label>
          <input
            id={`${props.id}__alt-first`}
            type="text"
            value={alt}
            autoComplete="off"
            placeholder="such as Developers planning a release at a whiteboard"
            onChange={(event) => setAlt(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && alt.trim()) {
                event.preventDefault();
                send(waiting, alt.trim());
              }
            }}
          />
          <div className="media-describe-actions">
            <button type="button" className="primary" disabled={!alt.trim()} onClick={() => send(waiting, alt.trim())}>
              Upload
            </button>
            <button type="button" onClick={() => send(waiting)}>
              It is only decoration
            </button>
            <button type="button" onClick={() => setWaiting(undefined)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <MediaLibrary
        open={choosing}
        current={value || undefined}
        onClose={() => setChoosing(false)}
        onPick={(path) => props.onChange(path)}
      />
    </div>
  );
}

const defaults = getDefaultRegistry();
const invalid = (props: { rawErrors?: string[] }) => ((props.rawErrors?.length ?? 0) > 0 ? true : undefined);

/** The library's input, marked invalid for screen readers when the checker has a message for it. */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  const Input = defaults.templates.BaseInputTemplate;
  return <Input {...props} aria-invalid={invalid(props)} />;
}

/** A multi-line text, marked invalid like the inputs. */
function TextareaWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <textarea
      id={props.id}
      name={props.id}
      className="form-control"
      value={value}
      rows={(props.options.rows as number | undefined) ?? 3}
      required={props.required}
      disabled={props.disabled || props.readonly}
      aria-invalid={invalid(props)}
      aria-describedby={`${props.id}__error ${props.id}__description`}
      onChange={(event) => props.onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={() => props.onBlur(props.id, value)}
      onFocus={() => props.onFocus(props.id, value)}
    />
  );
}

/**
 * A tick box shows what the site does when the file leaves the value out (the schema's default):
 * `remote` of a job posting is ticked until it is unticked. The form adds no default to the data.
 */
function CheckboxWidget(props: WidgetProps) {
  const Box = defaults.widgets.CheckboxWidget!;
  return <Box {...props} value={props.value ?? props.schema.default ?? false} />;
}

const widgets = {
  CheckboxWidget,
  rich: RichWidget,
  link: LinkWidget,
  icon: IconWidget,
  logo: LogoWidget,
  media: MediaWidget,
  TextareaWidget,
};
/** A list's buttons: an icon and a name screen readers say (the library's own use an icon font we do not load). */
function listButton(Icon: LucideIcon, name: string, text?: string) {
  return function ListButton(props: IconButtonProps) {
    const { onClick, disabled, className } = props;
    return (
      <button
        type="button"
        className={`list-button ${className ?? ''}`}
        onClick={onClick}
        disabled={disabled}
        aria-label={text ? undefined : name}
        title={name}
      >
        <Icon size={16} aria-hidden />
        {text}
      </button>
    );
  };
}

/** A group of fields; one that is an item of a list is named by its content: Card “Fast performance”. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const Group = defaults.templates.ObjectFieldTemplate;
  const inList = typeof props.fieldPathId.path.at(-1) === 'number';
  return <Group {...props} title={inList && props.title ? itemName(props.title, props.formData) : props.title} />;
}

const templates = {
  BaseInputTemplate,
  ObjectFieldTemplate,
  ButtonTemplates: {
    AddButton: listButton(Plus, 'Add an item', 'Add an item'),
    CopyButton: listButton(Copy, 'Copy this item'),
    MoveUpButton: listButton(ArrowUp, 'Move this item up'),
    MoveDownButton: listButton(ArrowDown, 'Move this item down'),
    RemoveButton: listButton(Trash2, 'Remove this item'),
  },
};

export interface SchemaFormProps {
  readonly schema: Schema;
  readonly data: unknown;
  readonly errors: ErrorSchema;
  readonly context: FormContext;
  /** Prefix of the fields' ids, so a click in the preview can find its field. */
  readonly idPrefix: string;
  readonly onChange: (data: unknown) => void;
}

export function SchemaForm({ schema, data, errors, context, idPrefix, onChange }: SchemaFormProps) {
  // Made once per schema: a new layout object at each keystroke made the form library rebuild its own.
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
      validator={validator}
      widgets={widgets}
      templates={templates}
      formContext={context}
      idPrefix={idPrefix}
      extraErrors={errors}
      showErrorList={false}
      noHtml5Validate
      // A form never adds values the marketer did not type: defaults are the build's business.
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' } }}
      onChange={(event) => onChange(event.formData)}
    >
      {/* Saving is the editor's, for the whole file; the form has no submit button of its own. */}
      <></>
    </Form>
  );
}
