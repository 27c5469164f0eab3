import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { STORAGE_KEY } from './client/app/auth';
import { START_SNAPSHOT_KEY } from './client/app/start-snapshot';

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

/**
 * For public/warm.js (a synchronous script after #root, index.html), which paints the static shell
 * and then starts the app:
 * - the module scripts vite writes for the entry leave the page: warm.js adds them once the shell
 *   is on the screen, so neither their download nor their evaluation comes before the first paint
 *   (the login card's header, the top bar and the greeting paint after the HTML and the
 *   CSS alone);
 * - names the `app` chunk and the session's storage key, so a device with a stored session
 *   requests the app together with `login` instead of after it has run; and the key of the start
 *   screen's last paint (client/app/start-snapshot.ts), with the app chunk as its build.
 */
function warmAppChunk(): Plugin {
  return {
    name: 'lagerwerk-warm-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const app = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'app');
        if (!app) throw new Error('vite.config.ts: no chunk named app');
        const entries: string[] = [];
        const out = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g, (_tag, src: string) => {
          entries.push(src);
          return '';
        });
        if (entries.length === 0) throw new Error('vite.config.ts: no module script in index.html');
        return {
          html: out,
          tags: [
            {
              tag: 'meta',
              attrs: { name: 'lagerwerk-app-chunk', content: `/${app.fileName}`, 'data-session-key': STORAGE_KEY, 'data-start-key': START_SNAPSHOT_KEY },
              injectTo: 'head',
            },
            { tag: 'meta', attrs: { name: 'lagerwerk-entry', content: entries.join(' ') }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}

/**
 * Fewer, larger chunks on the two loading paths (the server speaks HTTP/1.1, so a
 * browser fetches 6 files at a time and every extra file costs a round trip):
 * - `login`: what client/main.tsx needs for the logged-out form besides itself (React,
 *   Radix tabs, the API client, the form's UI parts, lucide's base, the form's texts with
 *   the field labels they reuse);
 * - `app`: the shell after login (router, react-query, shell, menus, scanner) and the
 *   start screen, with everything they import that `login` does not hold (shared icons,
 *   texts, domain rules). Screens, zod with the schemas, Dexie with the sync engine and
 *   chart.js stay chunks of their own, loaded when needed.
 * Both match modules only their own path imports; the order-sensitive modules with side
 * effects at load (client/db.ts, the sync engine) are in neither.
 */
const LOGIN_CHUNK =
  /rolldown\/runtime|vite\/preload-helper|node_modules\/(react|react-dom|scheduler)\/|node_modules\/@radix-ui\/(react-tabs|react-collection|react-roving-focus|react-slot|react-presence|react-use-controllable-state|react-context|primitive|react-primitive|react-compose-refs|react-use-is-hydrated|react-use-effect-event|react-use-callback-ref|react-id|react-direction|react-use-layout-effect)\/|node_modules\/lucide-react\/dist\/esm\/(shared\/|Icon|createLucideIcon|context|defaultAttributes|icons\/(warehouse|qr-code|loader-circle)\.)|client\/app\/(api|auth|start-snapshot)\.ts|client\/ui\/(Button|Field|ErrorBox|Tabs)\.tsx|client\/(main|features\/login\/LoginForm)\.tsx|shared\/i18n\/(login|fields|ui)\.ts/;
const APP_CHUNK =
  /node_modules\/@tanstack\/|client\/(router\.tsx|routes\.ts|app\/(boot|Shell|menu|toast|queryClient|DemoLoginsBanner|after-paint|pwa)\.tsx?|scan\/listener\.ts|features\/dashboard\/(DashboardScreen|DashboardWidgets)\.tsx)/;

export default defineConfig({
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Every browser the handhelds run (Chromium) knows modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Radix's builds name every function with a top-level `__name(fn, "…")` call (names only:
      // the minifier renames them anyway); as pure calls, what a screen does not use drops out
      // (the tabs no longer ship react-collection's unused ordered dictionary).
      treeshake: { manualPureFunctions: ['__name'] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'login', test: LOGIN_CHUNK, priority: 20 },
            { name: 'app', test: APP_CHUNK, priority: 10 },
            // The service worker registration, which client/main.tsx loads on every page (also /login) and
            // the shell's update prompt imports: on its own, or /login would fetch the whole app chunk for it.
            { name: 'sw-register', test: /client\/app\/sw-register\.ts/, priority: 30 },
            // zod on its own: evaluated in a task of its own (after-paint.tsx), not with the first schemas.
            { name: 'zod', test: /node_modules\/zod\//, priority: 5 },
            // The camera's barcode decoder (client/scan/camera/decoder.ts): loaded on the first camera scan only.
            { name: 'barcode-decoder', test: /node_modules\/(barcode-detector|zxing-wasm)\//, priority: 30 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '^/api(/|$)': 'http://localhost:3000' } },
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
        // Camera scanning's decoder (JS and its .wasm) is not precached: a device that only uses its scanner never
        // downloads it. The first camera scan fetches both; from then on they come from this cache, also offline.
        globIgnores: ['**/barcode-decoder-*.js'],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/(barcode-decoder-[^/]*\.js|zxing_reader-[^/]*\.wasm)$/,
            handler: 'CacheFirst',
            options: { cacheName: 'lagerwerk-barcode-decoder', expiration: { maxEntries: 4 } },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
    warmAppChunk(),
    precompress(),
  ],
});
