/**
 * The one inline script of a prerendered page, first in its head. On a slow phone the page paints before
 * the boot script has arrived; this keeps every click and key press made meanwhile, for boot.ts to hold
 * and replay the ones the app must answer (step 2 of its timeline). It decides nothing about them: links
 * keep working as links. It stops a form's own submission, which would post to the page's address, where
 * nothing receives it; and it enables the submit buttons, which the HTML disables so that, without
 * JavaScript, they cannot do that. Allowed by its hash in the Content-Security-Policy
 * (src/server/security.ts), so the policy still forbids every other inline script.
 */
import { createHash } from 'node:crypto';

/** What the page's `<script>` element holds, exactly: the hash covers these bytes. */
export const earlyScript =
  '(function(){var e=window.__early={events:[],keep:function(v){e.events.push(v)},block:function(v){v.preventDefault()},' +
  'enable:new MutationObserver(function(){document.querySelectorAll("button[data-enable-on-boot]:disabled").forEach(function(b){b.disabled=false})})};' +
  'addEventListener("click",e.keep,true);addEventListener("keydown",e.keep,true);addEventListener("submit",e.block,true);' +
  'e.enable.observe(document,{childList:true,subtree:true})})();';

/** The CSP source that allows {@link earlyScript} and nothing else. */
export const earlyScriptSource = `'sha256-${createHash('sha256').update(earlyScript).digest('base64')}'`;
