import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Two projects: the server side (domain, app, adapters, API over real HTTP, CLI) in Node,
// and the web app's component tests in happy-dom. End-to-end runs apart (make e2e).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/web/**', 'test/e2e/**', 'node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react(), vanillaExtractPlugin()],
        resolve: { tsconfigPaths: true },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
