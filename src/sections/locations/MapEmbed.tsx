import { ExternalLink, MapPinned } from '../../components/Icon/ui.ts';
import { useEffect, useRef } from 'react';
import type { MapEmbed as MapContent } from '../../generated/schema-types.ts';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { showMap } from '../../app/startup/interactions.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';
import styles from './styles.module.css';

/**
 * Click-to-load map. Until the visitor asks for it, a placeholder of the same size shows the address,
 * so the page contacts no third party on load (privacy, and Google's frame costs about a megabyte).
 *
 * *Show map* makes the frame in its slot with `showMap`, the function start-up also answers the press with
 * before this code has arrived (src/app/startup/interactions.ts): the map then shows at once, and loads
 * once. The slot is not React's (an empty `dangerouslySetInnerHTML`), so hydration keeps a frame made
 * before it, and no render removes or reloads it; CSS puts the placeholder away once the slot holds a frame.
 */
export function MapEmbed({ map }: { readonly map: MapContent }) {
  const hydrated = useHydrated();
  const mapRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The slot is not React's, so a shown map does not follow new props by itself: in the editor's preview a
    // marketer can change the address or title under it. Unchanged (hydrating a map shown before), nothing reloads.
    const frame = mapRef.current?.querySelector<HTMLIFrameElement>('[data-slot="map-frame"] iframe');
    if (!frame) return;
    if (frame.getAttribute('src') !== map.embed) frame.src = map.embed;
    frame.title = map.title;
  }, [map.embed, map.title]);
  return (
    <div ref={mapRef} className={styles.map} style={{ height: map.height }} data-slot="map" data-hydrated={hydrated}>
      <div
        className={styles.frameSlot}
        data-slot="map-frame"
        data-embed={map.embed}
        data-title={map.title}
        dangerouslySetInnerHTML={{ __html: '' }}
        // It may hold a frame start-up made before hydration, which is meant: React keeps it.
        suppressHydrationWarning
      />
      <div className={styles.placeholder} data-slot="map-placeholder">
        <span className={styles.pin} aria-hidden="true">
          <MapPinned size={28} />
        </span>
        <p className={styles.address}>{map.address}</p>
        <div className={styles.mapActions}>
          <button type="button" className={styles.show} onClick={() => showMap(mapRef.current!)} data-slot="map-show">
            Show map
          </button>
          <SmartLink to={map.link} className={styles.open} data-slot="map-link">
            Open in Google Maps
            <ExternalLink size={16} aria-hidden="true" />
          </SmartLink>
        </div>
        <p className={styles.privacy}>The map is loaded from Google Maps when you ask for it.</p>
      </div>
    </div>
  );
}
