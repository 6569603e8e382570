import { Mail, MapPin, Phone } from '../../components/Icon/ui.ts';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import type { Site } from '../../generated/schema-types.ts';
import styles from './styles.module.css';

const tel = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

/** The footer of every page: link groups, social profiles, contact details and the copyright line. */
export function Footer({ site }: { readonly site: Site }) {
  const { footer, contact, brand, copyright } = site;
  const { address } = contact;
  return (
    <footer className={styles.root} data-slot="footer">
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <Link to="/" className={styles.brand}>
            <img src="/media/brand/logo-mark.svg" alt="" width={36} height={36} />
            <span>{brand.name}</span>
          </Link>
          {footer.about && <p>{footer.about}</p>}
          {footer.social.length > 0 && (
            <ul className={styles.social} aria-label="Social profiles">
              {footer.social.map((social) => (
                <li key={social.label}>
                  <SmartLink to={social.link} aria-label={social.label} className={styles.socialLink}>
                    <Logo name={social.logo} size={20} />
                  </SmartLink>
                </li>
              ))}
            </ul>
          )}
        </div>
        {footer.groups.map((group) => (
          <nav key={group.title} aria-label={group.title} className={styles.group}>
            <h2 className={styles.title}>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  <SmartLink to={link.link}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className={styles.group}>
          <h2 className={styles.title}>{footer.contactTitle}</h2>
          <ul className={styles.contact}>
            {contact.phones.map((phone) => (
              <li key={phone}>
                <Phone aria-hidden="true" size={18} />
                <a href={tel(phone)}>{phone}</a>
              </li>
            ))}
            <li>
              <Mail aria-hidden="true" size={18} />
              <a href={`mailto:${contact.emails.hr}`}>{contact.emails.hr}</a>
            </li>
            <li>
              <MapPin aria-hidden="true" size={18} />
              <address>
                {address.street}, {address.locality}, {address.region} {address.postalCode}, {address.country}
              </address>
            </li>
          </ul>
        </div>
      </div>
      <div className={styles.bottom}>
        <p className="container">
          © {copyright.year} {brand.legalName} {copyright.text}
        </p>
      </div>
    </footer>
  );
}
