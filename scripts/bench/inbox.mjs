// `npm run bench:inbox`: how long a page of the shared editor's inbox takes with 10,000 submissions stored
// (issue 53: under 300 ms), on the embedded database and on PostgreSQL. It stores the submissions through the
// storage the site's server uses, then asks for pages as the inbox's address does (the page, its count and
// the filters' choices, made into JSON): the first page, each filter, a search that finds a few and one that
// finds none (every row read), and the last page. Figures, not a test: medians and the slowest of --runs.
//
//   npm run bench:inbox [-- --submissions 10000] [--runs 20] [--only embedded|postgres]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '../../src/server/storage/index.ts';
import { benchArgs, median, onlyDatabase, postgresScratch, whole } from './common.mjs';

const { values: args } = benchArgs({
  usage: 'npm run bench:inbox -- [--submissions 10000] [--runs 20] [--only embedded|postgres]',
  options: {
    submissions: { default: '10000', value: 'N', help: 'submissions stored before measuring', read: whole() },
    runs: { default: '20', value: 'N', help: 'times each page is asked for', read: whole() },
    only: { value: 'DB', help: 'embedded or postgres; both when left out', read: onlyDatabase },
  },
});

const pages = ['/contact', '/services/react', '/', '/hire-developers', '/careers/graphic-designer'];
const roles = ['React Developer', 'UI/UX Designer', 'Graphic Designer', 'Backend Developer'];
const surnames = ['Kumar', 'Sharma', 'Iyer', 'Das', 'Reddy', 'Khan', 'Mehta', 'Nair', 'Singh', 'Patel'];

/** @param {string} name @param {import('../../src/server/storage/index.ts').StorageConfig} config */
async function measure(name, config) {
  const storage = await openStorage(config);
  try {
    const started = performance.now();
    const applications = Math.round(args.submissions * 0.3);
    for (let at = 0; at < args.submissions; at += 200) {
      await Promise.all(
        Array.from({ length: Math.min(200, args.submissions - at) }, (_, i) => {
          const n = at + i;
          const person = `Person ${n} ${surnames[n % surnames.length]}`;
          const page = pages[n % pages.length];
          return n < applications
            ? storage.saveApplication({
                name: person,
                email: `person${n}@example.in`,
                phone: `+91 98${String(n).padStart(8, '0')}`,
                domain: roles[n % roles.length],
                spam: n % 97 === 0,
                page,
              })
            : storage.saveContact({
                username: person,
                mobile: `+91 98${String(n).padStart(8, '0')}`,
                email: `person${n}@example.in`,
                company: `Company ${n % 300}`,
                projectDetails: `We need a booking system for ${n % 40} clinics, with reminders by SMS and a report each month.`,
                spam: n % 97 === 0,
                page,
              });
        }),
      );
    }
    // A third of the enquiries taken up, so that the state filter has something to choose.
    const some = await storage.listInbox({ type: 'contact', limit: 200 });
    for (const item of some.items.slice(0, 150))
      await storage.changeInboxItem('contact', item.id, { status: 'in-progress', note: 'Called back.' }, 'sales@example.com');
    console.log(
      `\n${name}: stored ${args.submissions.toLocaleString('en-IN')} submissions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const total = (await storage.listInbox({ type: 'contact' })).total;
    /** @type {[string, import('../../src/server/storage/index.ts').InboxQuery][]} */
    const cases = [
      ['first page of enquiries', { type: 'contact' }],
      ['state: in progress', { type: 'contact', status: 'in-progress' }],
      ['page: /contact', { type: 'contact', page: '/contact' }],
      [
        'dates: one day',
        { type: 'contact', from: new Date().toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) },
      ],
      ['search: "kumar" (a tenth match)', { type: 'contact', search: 'kumar' }],
      ['search: no match (every row read)', { type: 'contact', search: 'zzz-nobody' }],
      ['last page of enquiries', { type: 'contact', offset: Math.max(0, total - 50) }],
      ['applications, role filter', { type: 'application', role: 'Graphic Designer' }],
    ];
    console.log('page of the list                         median    slowest   rows');
    let worst = 0;
    for (const [label, query] of cases) {
      const times = [];
      let rows = 0;
      for (let run = 0; run < args.runs; run += 1) {
        const t = performance.now();
        // What the inbox's address does: the page, its count, the filters' choices, as JSON.
        const [page, choices] = await Promise.all([storage.listInbox(query), storage.inboxChoices(query.type)]);
        JSON.stringify({ ...page, choices });
        times.push(performance.now() - t);
        rows = page.total;
      }
      const slowest = Math.max(...times);
      worst = Math.max(worst, median(times));
      console.log(
        `${label.padEnd(40)} ${median(times).toFixed(1).padStart(6)} ms ${slowest.toFixed(1).padStart(7)} ms ${String(rows).padStart(6)}`,
      );
    }
    console.log(`worst median ${worst.toFixed(1)} ms against the 300 ms target: ${worst < 300 ? 'met' : 'NOT met'}`);
  } finally {
    await storage.close();
  }
}

if (args.only !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'bench-inbox-'));
  try {
    await measure('Embedded SQLite', { kind: 'sqlite', file: join(dir, 'submissions.db') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (args.only !== 'embedded') {
  const scratch = await postgresScratch('bench_inbox');
  try {
    await measure('PostgreSQL', { kind: 'postgres', connectionString: scratch.url.replace(/\?.*$/, ''), schema: scratch.schema });
  } finally {
    await scratch.drop();
  }
}
