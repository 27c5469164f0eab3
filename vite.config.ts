import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes .br and .gz next to each text file of the build; the server sends them
 * (@fastify/static preCompressed) so a handheld on weak Wi-Fi downloads the
 * gzipped size, not the raw one. Runs after the service worker is generated.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|css|html|svg|webmanifest|json)$/;
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
  let outDir = 'dist';
  return {
    name: 'lagerwerk-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir).filter((f) => TEXT.test(f))) {
          const raw = readFileSync(file);
          if (raw.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      },
    },
  };
}

export default defineConfig({
  publicDir: 'public',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Lagerwerk – Lagerverwaltung',
        short_name: 'Lagerwerk',
        description: 'Lagerverwaltung und Fulfilment – offlinefähig für Handscanner',
        lang: 'de',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1e3a5f',
        background_color: '#f1f5f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
    precompress(),
  ],
});
