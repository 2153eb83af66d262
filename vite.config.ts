// Builds the React client into dist/client (served by the Fastify server) and, in development, proxies the
// server's paths to it so the browser sees one origin, as in production.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const SERVER_PATHS = ['/api', '/media', '/healthz', '/readyz', '/.well-known'];
const proxy = Object.fromEntries(SERVER_PATHS.map((prefix) => [prefix, { target: apiTarget }]));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // Route modules are split by their dynamic imports; nothing else needs manual chunking.
    chunkSizeWarningLimit: 400,
  },
  server: { proxy },
  preview: { proxy },
});
