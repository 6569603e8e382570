// `npm run bench:freeze`: looks for the page freeze the layout sweep and the quality check sometimes
// meet (a page whose frames stop while it is scrolled; see the 2026-11-27 session notes). Against a
// running site (`npm start`; BASE_URL or --base), it opens each route at each width, scrolls to each
// section waiting two animation frames there, and counts a page that does not get through in 20 s as
// frozen. For a frozen page it prints what the page still does: whether script runs, whether a timer
// and an animation frame fire, its visibility, its videos, and where a debugger pause lands. Run it
// beside load (two CPU hogs) to make a freeze likelier. Exits 1 when a page froze.
/* global document, requestAnimationFrame -- the scroll runs in the page */
import { benchArgs, launchChromium, list, whole } from './common.mjs';

const {
  values: { base, routes, widths, minutes },
} = benchArgs({
  usage: 'npm run bench:freeze -- [--base URL] [--routes /vue,/] [--widths 390,768] [--minutes 5]',
  options: {
    base: { default: process.env.BASE_URL ?? 'http://127.0.0.1:3000', value: 'URL', help: 'the running site' },
    routes: { default: '/vue,/,/about,/react,/angular,/dot-net', value: 'LIST', help: 'routes to scroll', read: list() },
    widths: { default: '390,768', value: 'LIST', help: 'window widths in px', read: list(undefined, (w) => Number(w)) },
    minutes: { default: '5', value: 'N', help: 'how long to keep trying', read: whole(1) },
  },
});

const browser = await launchChromium();
const deadline = Date.now() + minutes * 60_000;
let pages = 0;
const freezes = [];

/** Scrolls one page through; returns undefined, or what a frozen page still does. */
async function scrollThrough(route, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(new URL(route, base).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 }).catch(() => undefined);
    const through = page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      for (const section of document.querySelectorAll('main > [data-section]')) {
        section.scrollIntoView({ block: 'start' });
        await frame();
        await frame();
      }
      return 'through';
    });
    const outcome = await Promise.race([through, new Promise((resolve) => setTimeout(() => resolve('frozen'), 20_000))]);
    if (outcome !== 'frozen') return undefined;
    // Each question with its own deadline: a page that does not answer is an answer too.
    const ask = async (expression) => {
      const answer = await Promise.race([
        cdp
          .send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })
          .catch((e) => ({ result: { value: `error: ${e.message}` } })),
        new Promise((resolve) => setTimeout(() => resolve({ result: { value: 'no answer in 5 s' } }), 5000)),
      ]);
      return String(answer.result?.value);
    };
    const state = {
      script: await ask(
        '`${document.visibilityState}, scrollY ${Math.round(scrollY)}, videos ${[...document.querySelectorAll("video")].map((v) => (v.paused ? "paused" : "playing")).join(" ") || "none"}`',
      ),
      timer: await ask('new Promise((r) => setTimeout(() => r("fires"), 100))'),
      frame: await ask('new Promise((r) => requestAnimationFrame(() => r("fires")))'),
    };
    await cdp.send('Debugger.enable');
    const paused = new Promise((resolve) => cdp.once('Debugger.paused', resolve));
    await cdp.send('Debugger.pause');
    const event = await Promise.race([paused, new Promise((resolve) => setTimeout(() => resolve(undefined), 5000))]);
    state.pausedIn = event
      ? event.callFrames
          .slice(0, 6)
          .map((f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() || '(no file)'}:${f.location.lineNumber + 1}`)
          .join(' < ')
      : 'no pause in 5 s';
    return state;
  } finally {
    await context.close().catch(() => undefined);
  }
}

while (Date.now() < deadline) {
  for (const route of routes)
    for (const width of widths) {
      if (Date.now() >= deadline) break;
      pages += 1;
      const frozen = await scrollThrough(route, width);
      if (frozen) {
        freezes.push({ route, width, ...frozen });
        console.log(`FROZEN ${route} at ${width} px: ${JSON.stringify(frozen)}`);
      }
    }
}
await browser.close();
console.log(
  `bench:freeze: ${freezes.length} of ${pages} page scrolls froze (${routes.join(', ')} at ${widths.join(', ')} px, ${minutes} min).`,
);
process.exit(freezes.length > 0 ? 1 : 0);
