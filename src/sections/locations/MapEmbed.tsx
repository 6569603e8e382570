import { ExternalLink, MapPinned } from '../../components/Icon/ui.ts';
import { useEffect, useRef, useState } from 'react';
import type { MapEmbed as MapContent } from '../../generated/schema-types.ts';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { useHydrated } from '../../hooks/useHydrated.ts';
import styles from './styles.module.css';

/**
 * Click-to-load map. Until the visitor asks for it, a placeholder of the same size shows the address,
 * so the page contacts no third party on load (privacy, and Google's frame costs about a megabyte).
 */
export function MapEmbed({ map }: { readonly map: MapContent }) {
  const [loaded, setLoaded] = useState(false);
  const hydrated = useHydrated();
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // The button that was focused is gone; the map takes its place in the focus order.
    if (loaded) frameRef.current?.focus();
  }, [loaded]);

  return (
    <div className={styles.map} style={{ height: map.height }} data-slot="map" data-loaded={loaded} data-hydrated={hydrated}>
      {loaded ? (
        <iframe
          ref={frameRef}
          className={styles.frame}
          src={map.embed}
          title={map.title}
          width="100%"
          height={map.height}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <div className={styles.placeholder} data-slot="map-placeholder">
          <span className={styles.pin} aria-hidden="true">
            <MapPinned size={28} />
          </span>
          <p className={styles.address}>{map.address}</p>
          <div className={styles.mapActions}>
            <button type="button" className={styles.show} onClick={() => setLoaded(true)} data-slot="map-show">
              Show map
            </button>
            <SmartLink to={map.link} className={styles.open} data-slot="map-link">
              Open in Google Maps
              <ExternalLink size={16} aria-hidden="true" />
            </SmartLink>
          </div>
          <p className={styles.privacy}>The map is loaded from Google Maps when you ask for it.</p>
        </div>
      )}
    </div>
  );
}
