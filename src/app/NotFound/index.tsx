import { useEffect } from 'react';
import { Frown } from '../../components/Icon/ui.ts';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import site from 'virtual:content/site';
import styles from './styles.module.css';

/** The screen for any path that no page defines. */
export function NotFound() {
  const { notFound, seo } = site.site;
  useEffect(() => {
    document.title = seo.titleTemplate.replace('%s', notFound.title);
  }, [notFound.title, seo.titleTemplate]);
  return (
    <section className={styles.root} data-section="not-found" aria-labelledby="not-found-title">
      <div className={styles.inner}>
        <Frown className={styles.face} aria-hidden="true" strokeWidth={1.5} data-slot="sad-face" />
        <p className={styles.code}>{notFound.code}</p>
        <h1 id="not-found-title" className={styles.title}>
          {notFound.title}
        </h1>
        <p className={styles.message}>{notFound.message}</p>
        <SmartLink to={notFound.action.link} variant="primary">
          {notFound.action.label}
        </SmartLink>
      </div>
    </section>
  );
}
