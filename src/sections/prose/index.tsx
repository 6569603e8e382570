import { useId, type ReactNode } from 'react';
import type { SectionProps } from '../registry.ts';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import type { ProseNode } from '../../generated/schema-types.ts';
import { headingLevel, PROSE_LINK } from './rules.ts';
import styles from './styles.module.css';

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * Draws the safe subset of Markdown, parsed by the build (`blocks`, markdown.ts), as React elements.
 * Nothing is passed to the page as HTML: a raw HTML node, a picture or a code block was left out by
 * the build (the content check reports each one), and a link whose address is not one the schemas
 * allow is shown as its text.
 */
function draw(node: ProseNode, key: number, top: number, hasHeading: boolean): ReactNode {
  const children = () => node.children?.map((child, i) => draw(child, i, top, hasHeading)) ?? null;
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{children()}</p>;
    case 'heading': {
      const Tag = `h${Math.max(2, headingLevel(node.depth ?? 2, top, hasHeading))}` as HeadingTag;
      return <Tag key={key}>{children()}</Tag>;
    }
    case 'list': {
      const Tag = node.ordered ? 'ol' : 'ul';
      return (
        <Tag
          key={key}
          {...(node.ordered && node.start !== null && node.start !== undefined && node.start !== 1 ? { start: node.start } : {})}
        >
          {children()}
        </Tag>
      );
    }
    case 'listItem':
      // A tight list's items hold paragraphs too; drawn inside an <li>, they would add space between items.
      return (
        <li key={key}>
          {node.children?.map((child, i) =>
            child.type === 'paragraph' && node.spread !== true
              ? child.children?.map((c, j) => draw(c, j, top, hasHeading))
              : draw(child, i, top, hasHeading),
          )}
        </li>
      );
    case 'text':
      return node.value;
    case 'strong':
      return <strong key={key}>{children()}</strong>;
    case 'emphasis':
      return <em key={key}>{children()}</em>;
    case 'break':
      return <br key={key} />;
    case 'link':
      return node.url !== undefined && PROSE_LINK.test(node.url) ? (
        <SmartLink key={key} to={node.url}>
          {children()}
        </SmartLink>
      ) : (
        <span key={key}>{children()}</span>
      );
    default:
      return null;
  }
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Long-form text (a privacy notice, terms of use) in a column narrow enough to read comfortably. As
 * the first section of a page, its heading and date stand in a dark band that leaves room for the
 * transparent header, as a page hero does, so a legal page opens like every other page.
 */
export default function Prose({ section, index }: SectionProps<'prose'>) {
  const { heading, updated, blocks } = section;
  const headingId = useId();
  const first = index === 0;
  const top = first ? 1 : 2;
  const hasHeading = heading !== undefined;
  const opening = (
    <>
      {hasHeading && (
        <SectionHeading id={headingId} heading={heading} level={first ? 1 : 2} align="start" tone={first ? 'dark' : 'light'} />
      )}
      {updated && (
        <p className={styles.updated} data-slot="updated">
          Last updated <time dateTime={updated}>{dateFormat.format(new Date(`${updated}T00:00:00Z`))}</time>
        </p>
      )}
    </>
  );
  return (
    <section
      id={section.id}
      className={styles.root}
      data-section="prose"
      data-first={first}
      {...(hasHeading ? { 'aria-labelledby': headingId } : { 'aria-label': 'Text' })}
    >
      {first ? (
        <div className={styles.opening} data-slot="opening" data-tone="dark">
          <div className={`container ${styles.column}`}>{opening}</div>
        </div>
      ) : null}
      <div className={`container ${styles.column}`}>
        {first ? null : opening}
        <div className={styles.body} data-slot="body">
          {blocks.map((node, i) => draw(node, i, top, hasHeading))}
        </div>
      </div>
    </section>
  );
}
