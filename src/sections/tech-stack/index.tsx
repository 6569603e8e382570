import { useId, type CSSProperties } from 'react';
import { ArrowUpRight } from '../../components/Icon/ui.ts';
import type { SectionProps } from '../registry.ts';
import type { TechItem } from '../../generated/schema-types.ts';
import { Icon } from '../../components/Icon/index.tsx';
import { Logo } from '../../components/Logo/index.tsx';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import styles from './styles.module.css';

/**
 * Columns for `count` tiles with at most `max` per row, spread so rows are as even as possible:
 * 10 tiles in at most 6 columns give two rows of 5 rather than 6 + 4, 7 give 4 + 3.
 */
const balancedColumns = (count: number, max: number) => Math.ceil(count / Math.ceil(count / max));

/** The inside of a tile; the same for a link and a plain tile. */
function TileBody({ item }: { readonly item: TechItem }) {
  return (
    <>
      <span className={styles.mark} data-kind={item.logo ? 'logo' : 'icon'} aria-hidden="true">
        {item.logo ? (
          <Logo name={item.logo} size={44} />
        ) : item.icon ? (
          <Icon name={item.icon} size={28} strokeWidth={1.6} />
        ) : null}
      </span>
      <span className={styles.text}>
        <span className={styles.name} data-slot="name">
          {item.name}
        </span>
        {item.text && <span className={styles.line}>{item.text}</span>}
      </span>
      {item.link && <ArrowUpRight className={styles.arrow} aria-hidden="true" size={18} strokeWidth={2.25} />}
    </>
  );
}

/**
 * Tools, technologies or industries as tiles; a tile with a link leads to that technology's page,
 * the others are plain and not focusable. Tiles with a line of text get wider columns.
 */
export default function TechStack({ section, index }: SectionProps<'tech-stack'>) {
  const headingId = useId();
  const count = section.items.length;
  const detailed = section.items.some((item) => item.text);
  const [sm, md, lg] = detailed ? [1, 2, 3] : [2, 4, 6];
  const columns = {
    '--cols-sm': balancedColumns(count, sm),
    '--cols-md': balancedColumns(count, md),
    '--cols-lg': balancedColumns(count, lg),
  } as CSSProperties;
  return (
    <section id={section.id} className={styles.root} data-section="tech-stack" aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} heading={section.heading} intro={section.intro} level={index === 0 ? 1 : 2} />
        <ul className={styles.grid} data-layout={detailed ? 'detailed' : 'compact'} style={columns} data-slot="items">
          {section.items.map((item) => (
            <li key={item.name} className={styles.cell} data-slot="item">
              {item.link ? (
                <SmartLink to={item.link} className={styles.tile} data-linked="true">
                  <TileBody item={item} />
                </SmartLink>
              ) : (
                <div className={styles.tile}>
                  <TileBody item={item} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
