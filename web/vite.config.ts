import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const webRoot = import.meta.dirname;
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  root: webRoot,
  plugins: [react(), vanillaExtractPlugin()],
  resolve: {
    tsconfigPaths: true,
    // wallet-adapter-react imports the Android Mobile Wallet Adapter unconditionally; the app
    // offers Phantom and Solflare only, so the build swaps it for a tiny Unsupported adapter.
    alias: {
      '@solana-mobile/wallet-adapter-mobile': resolve(
        webRoot,
        'src/lib/shims/mobile-wallet-adapter.ts',
      ),
    },
  },
  build: {
    outDir: resolve(webRoot, '../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
});
