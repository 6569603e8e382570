/**
 * A Vite server in middleware mode, for tests that render the site's modules as the prerender does:
 * with the content plugin and the forms' generated validators, without a port, a watcher or HMR.
 */
import { createServer, type ViteDevServer } from 'vite';

export function startSsrServer(root: string): Promise<ViteDevServer> {
  return createServer({
    root,
    configFile: `${root}/vite.config.ts`,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, ws: false, watch: null, hmr: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
}
