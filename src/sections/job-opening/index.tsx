import {
  ArrowLeft,
  Award,
  BriefcaseBusiness,
  CalendarClock,
  CircleCheck,
  Clock,
  IndianRupee,
  MapPin,
  TrendingUp,
} from '../../components/Icon/ui.ts';
import { useId, type ComponentType, type ReactNode } from 'react';
import type { SectionProps } from '../registry.ts';
import { RichText } from '../../components/RichText/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { ApplicationForm, useApplication } from '../../forms/ApplyDialog.tsx';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { employmentTypeLabels } from '../../generated/schema-types.ts';
import { experienceText, SALARY_UNIT, salaryText } from './facts.ts';
import { APPLY_ANCHOR } from './meta.ts';
import styles from './styles.module.css';

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

/**
 * One fact of the role: its icon and name, then its value, one line; a `composite` fact's children lay
 * out the value and its details themselves. `slot` names the value for the page's tests.
 */
function Fact({
  icon: FactIcon,
  label,
  slot,
  className,
  composite = false,
  children,
}: {
  readonly icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
  readonly label: string;
  readonly slot?: string;
  readonly className?: string;
  readonly composite?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>
        <FactIcon size={18} aria-hidden="true" />
        {label}
      </dt>
      <dd className={composite ? undefined : styles.value} data-slot={slot}>
        {children}
      </dd>
    </div>
  );
}

/**
 * One role in full: first the facts a job seeker decides on (pay, experience, level, place, contract,
 * hours), then the work, the skills, the interview steps and what we offer; beside them a card with the
 * closing date and a link to the application form, which ends the role's details (`#apply`): a form
 * on the page works without JavaScript, where a dialog would need it.
 */
export default function JobOpening({ section, index }: SectionProps<'job-opening'>) {
  const headingId = useId();
  const Heading = index === 0 ? 'h1' : 'h2';
  const Sub = index === 0 ? 'h2' : 'h3';
  // Tests and the interaction benchmark wait for this.
  const hydrated = useHydrated();
  const role = { role: section.role, location: section.location };
  const formTitleId = useId();
  const domainId = useId();
  const application = useApplication(role, { success: section.success, failure: section.failure });

  return (
    <section id={section.id} className={styles.root} data-section="job-opening" aria-labelledby={headingId}>
      <div className={`container ${styles.layout}`}>
        <div className={styles.main}>
          <Heading id={headingId} className={styles.heading} data-slot="heading">
            <RichText text={section.heading} />
          </Heading>
          <dl className={styles.facts} data-slot="facts">
            <Fact icon={IndianRupee} label="Salary" className={styles.salary} composite>
              <span className={styles.value} data-slot="salary">
                {salaryText(section.salary)}
              </span>
              {section.salary.range && <span className={styles.detail}>{SALARY_UNIT}</span>}
              {section.salary.note && <span className={styles.detail}>{section.salary.note}</span>}
            </Fact>
            <Fact icon={Award} label="Experience" slot="experience">
              {experienceText(section.experience)}
            </Fact>
            <Fact icon={TrendingUp} label="Level" slot="seniority">
              {section.seniority}
            </Fact>
            <Fact icon={MapPin} label="Location" slot="location">
              {section.location}
            </Fact>
            <Fact icon={BriefcaseBusiness} label="Contract">
              {employmentTypeLabels[section.employmentType]}
            </Fact>
            <Fact icon={Clock} label="Hours" className={styles.hours} composite>
              <span className={styles.value} data-slot="hours">
                {section.hours.schedule}, {section.hours.timeZone}
              </span>
              <span className={styles.detail} data-slot="overlap">
                {section.hours.overlap}
              </span>
            </Fact>
          </dl>
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
          <Sub className={styles.subheading}>{section.interviewHeading}</Sub>
          <ol className={styles.steps} data-slot="interview">
            {section.interview.map((step) => (
              <li key={step.name}>
                <span className={styles.stepName}>{step.name}</span>
                <span className={styles.stepText}>{step.text}</span>
              </li>
            ))}
          </ol>
          <Sub className={styles.subheading}>{section.benefitsHeading}</Sub>
          <ul className={styles.benefits} data-slot="benefits">
            {section.benefits.map((benefit) => (
              <li key={benefit}>
                <CircleCheck size={20} aria-hidden="true" />
                {benefit}
              </li>
            ))}
          </ul>
          <ApplicationForm
            form={application}
            role={role}
            id={APPLY_ANCHOR}
            className={styles.application}
            titleId={formTitleId}
            domainId={domainId}
            eyebrow="Job application"
            title={
              <Sub id={formTitleId} className={styles.subheading}>
                {section.applyHeading}
              </Sub>
            }
          />
        </div>
        <aside className={styles.card} aria-label={`${section.role}: the role at a glance`}>
          <p className={styles.role}>{section.role}</p>
          <dl className={styles.summary}>
            <div>
              <dt>Salary</dt>
              <dd>{salaryText(section.salary)}</dd>
            </div>
            <div>
              <dt>Experience</dt>
              <dd>{experienceText(section.experience)}</dd>
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
          <a
            href={`#${APPLY_ANCHOR}`}
            className={styles.apply}
            data-slot="apply"
            data-hydrated={hydrated}
            aria-label={`${section.applyLabel}: ${section.role}`}
          >
            {section.applyLabel}
          </a>
          {section.back && (
            <SmartLink to={section.back.link} className={styles.back}>
              <ArrowLeft size={16} aria-hidden="true" />
              {section.back.label}
            </SmartLink>
          )}
        </aside>
      </div>
    </section>
  );
}
