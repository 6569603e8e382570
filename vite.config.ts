import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './src/content/plugin.ts';
import { apiSchemasForBrowserPlugin, formValidatorsPlugin } from './src/forms/validators-plugin.ts';

export default defineConfig(({ isSsrBuild }) => ({
  // Content and form validation run here, at build time; the browser gets data and generated code.
  plugins: [contentPlugin(), formValidatorsPlugin(), apiSchemasForBrowserPlugin(), react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The prerender script reads which chunks and CSS each section needs from the manifest.
    manifest: true,
    // Sections are split per type; a warning for a page's chunk would be noise.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      // The boot script is an entry of its own: prerendered pages load it instead of the app, and it
      // starts the app once the first screen has painted (src/app/startup/boot.ts).
      ...(isSsrBuild ? {} : { input: { index: 'index.html', boot: 'src/app/startup/boot.ts' } }),
      output: {
        codeSplitting: {
          groups: [
            {
              // The small pieces most sections share (pictures, links, icons, headings, reveal,
              // hooks) travel together: over HTTP/1.1 each request costs a round trip and one of
              // six connections, which the hero image needs first.
              name: 'ui',
              test: /src[\\/](hooks|components[\\/](Picture|RichText|SmartLink|Icon|SectionHeading|Reveal))[\\/]|node_modules[\\/]lucide-react[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
}));
