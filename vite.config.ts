// Vite builds the PWA from src/app into dist/ (served by the server), with the service worker from sw/sw.ts
// (vite-plugin-pwa, injectManifest) and the web app manifest, then brotli and gzip copies of the text files for the
// server to send as they are (src/server/plugins/static.ts). The dev server proxies /api to the API on port 3000.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Every file under dir, without dot-folders (.vite holds the build manifest, which is not served). */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.filter((e) => !e.name.startsWith('.')).map((e) => (e.isDirectory() ? filesOf(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes name.br and name.gz beside each text file over 1 KB once everything is written, the service worker included
 * (its closeBundle runs before this one), so the server never compresses per request. A copy that saves nothing is skipped.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'salesdesk:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesOf(outDir)).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(
          files.map(async (file) => {
            if ((await stat(file)).size < 1024) return;
            const data = await readFile(file);
            const [br, gzipped] = await Promise.all([
              brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
              gz(data, { level: 9 }),
            ]);
            if (br.length < data.length) await writeFile(`${file}.br`, br);
            if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
          }),
        );
      },
    },
  };
}

export default defineConfig({
  root: here('./src/app'),
  publicDir: here('./public'),
  resolve: { alias: { '@': here('./src') } },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    sourcemap: false,
    // scripts/bundle-size.mjs reads it to measure what each route loads.
    manifest: true,
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
    precompress(),
  ],
});
