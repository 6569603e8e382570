import { launchChromium } from './common.mjs';
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline.invalidationTracking'] });
await page.goto(process.argv[2] ?? 'http://127.0.0.1:4173/', { waitUntil: 'load' });
await page.waitForTimeout(4000);
const buf = await browser.stopTracing();
await browser.close();
const { traceEvents } = JSON.parse(buf.toString());
const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const count = (m) => traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
const main = mains.sort((a, b) => count(b) - count(a))[0];
const ev = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
const nav = Math.min(...ev.map(e=>e.ts));
const inv = traceEvents.filter((e) => e.pid === main.pid && /Invalidation|ScheduleStyle/.test(e.name));
const reasons = {};
for (const e of inv) { const d = e.args?.data ?? {}; const k = e.name + ' ' + (d.reason ?? '') + ' ' + (d.nodeName ?? '') + ' ' + (d.stackTrace?.[0]?.functionName ?? '') + ' ' + (d.stackTrace?.[0]?.url ?? '').split('/').pop()+':'+(d.stackTrace?.[0]?.columnNumber ?? ''); reasons[k] = (reasons[k] ?? 0) + 1; }
console.log(Object.entries(reasons).sort((a,b)=>b[1]-a[1]).slice(0,25).map(([k,v])=>v+' '+k).join('\n'));
const tasks = ev.filter((e) => e.name === 'RunTask' && e.dur > 30000);
for (const t of tasks) {
  const kids = ev.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur??0) <= t.ts + t.dur && e.dur > 3000);
  const by = {};
  for (const k of kids) { const key = k.name + (k.args?.data?.url ? ' ' + k.args.data.url.slice(-30) : '') + (k.args?.data?.functionName ? ' ' + k.args.data.functionName : '') + (k.args?.data?.type ? ' ' + k.args.data.type : ''); by[key] = Math.max(by[key] ?? 0, Math.round(k.dur / 1000)); }
  console.log(Math.round((t.ts - nav) / 1000), Math.round(t.dur / 1000), JSON.stringify(Object.entries(by).sort((a,b)=>b[1]-a[1]).slice(0,6)));
}
