import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    // bench/ reads the manifest to measure exactly the JavaScript the home page loads.
    manifest: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev`: the API runs on its own port; the browser still sees one origin.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
});
