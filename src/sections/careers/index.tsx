import { MapPin } from '../../components/Icon/ui.ts';
import { useId, useState } from 'react';
import type { Role } from '../../generated/schema-types.ts';
import type { SectionProps } from '../registry.ts';
import { RichText } from '../../components/RichText/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { Tabs } from '../../components/Tabs/index.tsx';
import { ApplyDialog } from '../../forms/ApplyDialog.tsx';
import { APPLY_ANCHOR } from '../job-opening/meta.ts';
import styles from './styles.module.css';

/**
 * Open roles by department in tabs. Apply Now opens the application dialog for that role; before the app
 * has started, it is a link to the form on the role's own page.
 */
export default function Careers({ section, index }: SectionProps<'careers'>) {
  const headingId = useId();
  const first = index === 0;
  const Heading = first ? 'h1' : 'h2';
  // The role applied for, and the button that asked, where focus returns when the dialog closes.
  const [applying, setApplying] = useState<{ readonly role: Role; readonly opener: HTMLElement } | null>(null);

  const items = section.tabs.map((tab) => ({
    key: tab.name,
    label: tab.name,
    panel: !tab.roles?.length ? (
      <p className={styles.empty} data-slot="no-roles">
        {tab.empty}
      </p>
    ) : (
      <ul className={styles.roles} data-slot="roles">
        {tab.roles.map((role) => (
          <li key={role.id} className={styles.role} data-slot="role" data-role={role.id}>
            <div className={styles.roleHead}>
              <h3 className={styles.roleTitle} id={`role-${role.id}`}>
                {role.link ? (
                  <SmartLink to={role.link} className={styles.roleLink} data-slot="role-link">
                    {role.role}
                  </SmartLink>
                ) : (
                  role.role
                )}
              </h3>
              <p className={styles.location} data-slot="location">
                <MapPin size={16} aria-hidden="true" />
                <span className="visually-hidden">Location: </span>
                {role.location}
              </p>
            </div>
            <p className={styles.skillsLabel} id={`skills-${role.id}`} aria-hidden="true">
              Skills
            </p>
            <ul className={styles.skills} aria-labelledby={`skills-${role.id}`} data-slot="skills">
              {role.skills.map((skill) => (
                <li key={skill}>{skill}</li>
              ))}
            </ul>
            {role.link ? (
              // The role's page ends with its application form: the link leads there before the app has
              // started (and to a new tab when asked); the app opens the form here, in the dialog.
              <a
                href={`${role.link}#${APPLY_ANCHOR}`}
                className={styles.apply}
                data-slot="apply"
                aria-label={`${section.applyLabel}: ${role.role}`}
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  setApplying({ role, opener: event.currentTarget });
                }}
              >
                {section.applyLabel}
              </a>
            ) : (
              <button
                type="button"
                className={styles.apply}
                data-slot="apply"
                aria-label={`${section.applyLabel}: ${role.role}`}
                onClick={(event) => setApplying({ role, opener: event.currentTarget })}
              >
                {section.applyLabel}
              </button>
            )}
          </li>
        ))}
      </ul>
    ),
  }));

  return (
    <section id={section.id} className={styles.root} data-section="careers" data-first={first} aria-labelledby={headingId}>
      <div className="container">
        <div className={styles.head}>
          <Heading id={headingId} className={styles.heading} data-slot="heading">
            <RichText text={section.heading} />
          </Heading>
          {section.intro && (
            <p className={styles.intro} data-slot="intro">
              {section.intro}
            </p>
          )}
        </div>
        <Tabs items={items} label="Departments" />
      </div>
      <ApplyDialog
        role={applying?.role ?? null}
        returnFocus={applying?.opener ?? null}
        success={section.success}
        failure={section.failure}
        onClose={() => setApplying(null)}
      />
    </section>
  );
}
