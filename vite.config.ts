import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./app'),
  publicDir: here('./public'),
  base: '/',
  plugins: [react(), tailwindcss(), precompress(here('./dist/app'))],
  resolve: {
    alias: { '@app': here('./app'), '@wire': here('./server/wire') },
  },
  build: {
    outDir: here('./dist/app'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 800,
  },
  test: {
    root: here('.'),
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'walkthrough/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests start real MCP servers; two cores are shared with them
    // (and with the browser tests when `npm test` runs both at once: it sets 1).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
  },
});
