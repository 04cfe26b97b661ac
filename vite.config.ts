// Vite builds the PWA from src/app into dist/ (served by the server), with the service worker from sw/sw.ts
// (vite-plugin-pwa, injectManifest) and the web app manifest. The dev server proxies /api to the API on port 3000.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./src/app'),
  publicDir: here('./public'),
  resolve: { alias: { '@': here('./src') } },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    // The locale files live at the top level, outside the Vite root.
    fs: { allow: [here('.')] },
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: here('./sw'),
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered from the app (components/shell/update-prompt.ts): no script is injected into index.html (strict CSP).
      injectRegister: false,
      injectManifest: {
        // Icons, favicon and manifest join through includeAssets and the manifest's icons.
        globPatterns: ['**/*.{js,css,html}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      includeAssets: ['favicon.svg', 'favicon.ico', 'apple-touch-icon.png'],
      manifest: {
        name: 'SalesDesk',
        short_name: 'SalesDesk',
        description: 'Sales data, targets and reports for the group companies',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#3b5bdb',
        background_color: '#f8f9fa',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
});
