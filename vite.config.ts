import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './src/content/plugin.ts';

export default defineConfig({
  plugins: [contentPlugin(), react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Sections are split per type; a warning for a page's chunk would be noise.
    chunkSizeWarningLimit: 250,
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
});
