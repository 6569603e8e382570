/**
 * The one carousel shell of the site (embla-carousel-react + embla-carousel-autoplay).
 *
 * ```tsx
 * <Carousel
 *   label="Featured projects"
 *   slides={items.map((item) => <ProjectCard … />)}
 *   perView={{ base: 1, 640: 2, 1024: 3, 1200: 4 }}   // slides visible, per min-width (px)
 *   gap={{ base: 30, 640: 20, 1024: 40, 1200: 30 }}    // px, per min-width
 *   slidesToScroll={{ base: 1, 1024: 2 }}              // per min-width
 *   loop={{ base: false, 1024: true }}                 // or just `loop`
 *   autoplay={2500} stopOnInteraction={false}          // ms; false = keeps playing after navigation
 *   duration={25}                                      // embla scroll duration (≈ 0.5 s)
 *   bullets arrows align="center" effect="depth"       // depth = coverflow (depth 100, rotate 0, stretch 0)
 *   tone="dark" controls="overlay"                     // controls for dark backgrounds / over the slides
 *   slideLabel={(i, n) => `${i + 1} of ${n}`}          // default
 *   onSelect={(snap) => …} onApi={(embla) => …}
 * />
 * ```
 *
 * Always: region `aria-roledescription="carousel"` named by `label`; slides are groups with
 * `aria-roledescription="slide"` and "N of M" names; bullets are buttons "Go to slide N" with
 * `aria-current`; arrows "Previous slide" / "Next slide"; ← / → keys move while focus is inside.
 * Autoplay pauses while the pointer is over it or keyboard focus is inside, and has a visible
 * pause/play button; with reduced motion there is no autoplay and no sliding animation.
 * The server HTML lays the slides out statically (widths from CSS custom properties), and
 * without JavaScript the row scrolls natively.
 *
 * `data-slot` hooks: carousel, viewport, container, slide, slide-inner, controls, bullets,
 * bullet, prev, next, pause. The root also has `data-playing` (autoplay wanted) and `data-tone`.
 */
export { Carousel, type CarouselProps } from './Carousel.tsx';
export type { Responsive } from './responsive.ts';
export type { DepthOptions } from './depth-effect.ts';
