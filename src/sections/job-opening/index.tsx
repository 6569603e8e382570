import { ArrowLeft, BriefcaseBusiness, CalendarClock, MapPin } from '../../components/Icon/ui.ts';
import { useId, useState } from 'react';
import type { SectionProps } from '../registry.ts';
import { RichText } from '../../components/RichText/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { ToasterHost } from '../../components/Toaster/index.tsx';
import { ApplyDialog } from '../../forms/ApplyDialog.tsx';
import { useHydrated } from '../../hooks/useHydrated.ts';
import styles from './styles.module.css';

const CONTRACTS = { FULL_TIME: 'Full-time', PART_TIME: 'Part-time', CONTRACTOR: 'Contract', INTERN: 'Internship' } as const;

/** "28 February 2027": the closing date as people in India write it, whatever the visitor's locale (no hydration mismatch). */
function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  return `${day} ${months[month! - 1]} ${year}`;
}

/** One role in full, with the same application dialog as the careers section. */
export default function JobOpening({ section, index }: SectionProps<'job-opening'>) {
  const headingId = useId();
  const Heading = index === 0 ? 'h1' : 'h2';
  const Sub = index === 0 ? 'h2' : 'h3';
  const [opener, setOpener] = useState<HTMLButtonElement | null>(null);
  // Tests and the interaction benchmark wait for this; a press before it is replayed (src/app/startup).
  const hydrated = useHydrated();
  const role = { role: section.role, location: section.location };

  return (
    <section id={section.id} className={styles.root} data-section="job-opening" aria-labelledby={headingId}>
      <div className={`container ${styles.layout}`}>
        <div className={styles.main}>
          <Heading id={headingId} className={styles.heading} data-slot="heading">
            <RichText text={section.heading} />
          </Heading>
          <Sub className={styles.subheading}>{section.workHeading}</Sub>
          <ul className={styles.list} data-slot="work">
            {section.work.map((task) => (
              <li key={task}>{task}</li>
            ))}
          </ul>
          <Sub className={styles.subheading}>{section.skillsHeading}</Sub>
          <ul className={styles.list} data-slot="skills">
            {section.skills.map((skill) => (
              <li key={skill}>{skill}</li>
            ))}
          </ul>
        </div>
        <aside className={styles.card} aria-label={`${section.role}: the role at a glance`}>
          <p className={styles.role}>{section.role}</p>
          <dl className={styles.facts}>
            <div>
              <dt>
                <MapPin size={18} aria-hidden="true" />
                Location
              </dt>
              <dd data-slot="location">{section.location}</dd>
            </div>
            <div>
              <dt>
                <BriefcaseBusiness size={18} aria-hidden="true" />
                Contract
              </dt>
              <dd>{CONTRACTS[section.employmentType]}</dd>
            </div>
            {section.closes && (
              <div>
                <dt>
                  <CalendarClock size={18} aria-hidden="true" />
                  Apply by
                </dt>
                <dd>
                  <time dateTime={section.closes}>{longDate(section.closes)}</time>
                </dd>
              </div>
            )}
          </dl>
          <button
            type="button"
            className={styles.apply}
            data-slot="apply"
            data-hydrated={hydrated}
            aria-label={`${section.applyLabel}: ${section.role}`}
            onClick={(event) => setOpener(event.currentTarget)}
          >
            {section.applyLabel}
          </button>
          {section.back && (
            <SmartLink to={section.back.link} className={styles.back}>
              <ArrowLeft size={16} aria-hidden="true" />
              {section.back.label}
            </SmartLink>
          )}
        </aside>
      </div>
      <ApplyDialog
        role={opener ? role : null}
        returnFocus={opener}
        success={section.success}
        failure={section.failure}
        onClose={() => setOpener(null)}
      />
      <ToasterHost />
    </section>
  );
}
