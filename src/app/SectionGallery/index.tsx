/**
 * The section gallery, `/__sections` in the dev server only: every section type drawn from each
 * example in its schema, with a table of contents, so developers and marketers see every block and
 * its variants on one page. The examples go through the content check like a page (defaults, image
 * sizes, icons, logos), so what shows here is what a page with the same YAML shows.
 *
 * Contract relied on by tests and by the content guide's screenshots: the first example of each
 * type is rendered inside the element with `id="<type>"` and `data-gallery-type="<type>"`; every
 * example's wrapper has `data-gallery-example="<type>/<number>"`.
 */
import { Suspense, use, useEffect } from 'react';
import gallery from 'virtual:content/gallery';
import { DrawFailure } from '../../components/DrawFailure/index.tsx';
import { registryLoader, Sections } from '../../sections/Sections.tsx';
import styles from './styles.module.css';

/**
 * Every type's code, loaded before the examples are drawn, so that the whole gallery appears at once
 * (the content guide's screenshots wait for it). A type without a component is left for its
 * examples' error boundaries to explain, so the rest of the gallery still shows.
 */
const everyType: Promise<unknown> = Promise.all(
  gallery.sections.map(({ type }) => registryLoader.load(type, 1, false).catch(() => undefined)),
);

/** Schema descriptions mark names with backquotes, as Markdown does: show those as code. */
function Code({ text }: { readonly text: string }) {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

function Examples() {
  use(everyType);
  return gallery.sections.map(({ type, description, schema, examples }) => (
    <article key={type} className={styles.type} aria-labelledby={`${type}--title`} data-slot="gallery-type">
      <header className={`container ${styles.typeHeader}`}>
        <h2 id={`${type}--title`} className={styles.typeTitle}>
          <code>{type}</code>
        </h2>
        <p className={styles.typeDescription}>
          <Code text={description} />
        </p>
        <p className={styles.source}>
          {examples.length} example{examples.length === 1 ? '' : 's'} in <code>{schema}</code>
        </p>
      </header>
      {examples.length === 0 && (
        <p className={`container ${styles.failure}`} role="alert">
          The schema has no <code>examples</code>; add at least one.
        </p>
      )}
      <Sections
        sections={examples}
        loader={registryLoader}
        assets={gallery}
        shared={gallery.shared}
        // Below the fold, as most sections of a page: an h2, images loaded lazily.
        firstIndex={1}
        frame={(drawn, _section, i) => {
          const label = `${type}, example ${i + 1} of ${examples.length}`;
          return (
            <div>
              <p className={`container ${styles.label}`} data-slot="gallery-label">
                {label}
              </p>
              <div
                id={i === 0 ? type : `${type}--${i + 1}`}
                data-gallery-type={i === 0 ? type : undefined}
                data-gallery-example={`${type}/${i + 1}`}
              >
                <DrawFailure label={label} className={styles.failure}>
                  {drawn}
                </DrawFailure>
              </div>
            </div>
          );
        }}
      />
    </article>
  ));
}

/** The gallery page: introduction and table of contents, then every type and its examples. */
export default function SectionGallery() {
  useEffect(() => {
    document.title = 'Section gallery (dev)';
  }, []);
  const total = gallery.sections.reduce((n, s) => n + s.examples.length, 0);
  return (
    <>
      <section className={styles.intro} aria-labelledby="gallery-title" data-slot="gallery-intro">
        <div className="container">
          <h1 id="gallery-title" className={styles.title}>
            Section gallery
          </h1>
          <p className={styles.lead}>
            {gallery.sections.length} section types and {total} examples, drawn from the <code>examples</code> of each schema in{' '}
            <code>schemas/sections/</code>. Edit an example and this page reloads. Only the development server has this page.
          </p>
          <nav aria-label="Section types">
            <ol className={styles.toc}>
              {gallery.sections.map(({ type, examples }) => (
                <li key={type}>
                  <a href={`#${type}`}>{type}</a> <span className={styles.count}>×{examples.length}</span>
                </li>
              ))}
            </ol>
          </nav>
        </div>
      </section>
      <Suspense fallback={<p className="container">Loading the section components…</p>}>
        <Examples />
      </Suspense>
    </>
  );
}
