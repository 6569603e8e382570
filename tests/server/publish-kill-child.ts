/**
 * Publishes one change set and dies by SIGKILL when the publish reaches the named step: the process a
 * kill interrupts, for tests/server/editor-publish-kill.test.ts. Arguments: live copy, change-set folder,
 * change set id, step.
 */
import { ChangeSets, type PublishStep } from '../../src/editor/service/change-sets.ts';

const [live, dir, id, step] = process.argv.slice(2) as [string, string, string, PublishStep];
const changeSets = new ChangeSets({
  live,
  dir,
  // What a page shows is not what this process is about: a kill at each step of the publish is.
  draw: async () => [],
  onPublishStep: (reached) => {
    if (reached === step) process.kill(process.pid, 'SIGKILL');
  },
});
await changeSets.publish(id, { email: 'publisher@example.com', name: 'A publisher' });
console.log('published without reaching the step');
