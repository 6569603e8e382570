/**
 * The one inline script of a prerendered page, first in its head. On a slow phone the page paints before
 * the boot script has arrived; this keeps every click and key press made meanwhile, for boot.ts to hold
 * and replay the ones the app must answer (step 2 of its timeline). It decides nothing about them: links
 * keep working as links, and forms post as HTML. Allowed by its hash in the Content-Security-Policy
 * (src/server/security.ts), so the policy still forbids every other inline script.
 */
import { createHash } from 'node:crypto';

/** What the page's `<script>` element holds, exactly: the hash covers these bytes. */
export const earlyScript =
  '(function(){var e=window.__early={events:[],keep:function(v){e.events.push(v)}};' +
  'addEventListener("click",e.keep,true);addEventListener("keydown",e.keep,true)})();';

/** The CSP source that allows {@link earlyScript} and nothing else. */
export const earlyScriptSource = `'sha256-${createHash('sha256').update(earlyScript).digest('base64')}'`;
