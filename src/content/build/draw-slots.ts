/**
 * The content modules of the editor service's drawing bundle (src/app/entry-draw.tsx): `site` an object
 * and `pages` a list, both empty, which each drawing fills with the change set's content. The site's
 * own build compiles its content in instead (plugin.ts).
 */
import type { Plugin } from 'vite';
import { PREFIX } from './modules.ts';

export function drawSlotsPlugin(): Plugin {
  const slots: Record<string, string> = {
    site: 'export default { site: undefined, icons: {}, logos: {} };\n',
    pages: 'export default [];\n',
  };
  return {
    name: 'devstaff-draw-slots',
    resolveId(id) {
      return id.startsWith(PREFIX) && id.slice(PREFIX.length) in slots ? `\0${id}` : undefined;
    },
    load(id) {
      return id.startsWith(`\0${PREFIX}`) ? slots[id.slice(PREFIX.length + 1)] : undefined;
    },
  };
}
