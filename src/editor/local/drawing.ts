/**
 * The site's drawing (src/app/entry-draw.tsx) for the local editor's publish check, loaded through Vite
 * as scripts/build-editor.ts compiles it into the shared service: the site's sections and forms, with
 * empty content modules that each drawing fills. A Vite server of its own, so that its content modules
 * are not the local editor's live ones.
 */
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { drawSlotsPlugin } from '../../content/build/draw-slots.ts';
import { formValidatorsPlugin } from '../../forms/validators-plugin.ts';
import type { DrawSite } from '../../app/entry-draw.tsx';

/** `root` is the checkout whose code draws the pages. */
export async function loadDrawing(root: string): Promise<{ readonly drawSite: DrawSite; readonly close: () => Promise<void> }> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    appType: 'custom',
    plugins: [drawSlotsPlugin(), formValidatorsPlugin(), react()],
    server: { middlewareMode: true, ws: false, watch: null, hmr: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { drawSite } = (await server.ssrLoadModule('/src/app/entry-draw.tsx')) as { drawSite: DrawSite };
    return { drawSite, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}
