import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appTheme } from './src/lib/antd-theme';
import { type BuildManifest, DRIVER_SHELL_ROOTS, keepShell, shellFiles } from './src/pwa-precache';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The build's output folder as resolved (`--outDir` included), where Vite's manifest is read from. */
let outDir = path.join(root, 'dist');
const outDirOf: Plugin = {
  name: 'junkan-out-dir',
  configResolved: (config) => {
    outDir = path.resolve(config.root, config.build.outDir);
  },
};

/**
 * The installable driver's app (README "Installing the driver's app on a phone"): the web manifest, and the
 * service worker built from src/sw.ts with the driver's app shell precached (src/pwa-precache.ts). The page
 * registers the worker itself (features/driver-day/register-service-worker.ts): no script is injected.
 */
const driverApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: null,
  // The icons are in the glob below already.
  includeManifestIcons: false,
  manifest: {
    name: 'junkan ドライバー',
    short_name: 'junkan',
    description: '収集運搬ドライバーの回収ルートと回収記録',
    lang: 'ja',
    start_url: '/sys/driver',
    scope: '/sys/',
    display: 'standalone',
    theme_color: appTheme({ motion: true }).token?.colorPrimary,
    background_color: '#ffffff',
    icons: [
      { src: 'icons/driver-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/driver-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      // The truck sits inside the middle 80 %: the same picture serves a launcher's mask.
      { src: 'icons/driver-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,webmanifest,png}'],
    globIgnores: ['sw.js', '.vite/**'],
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [
      (entries) => {
        const manifest = JSON.parse(
          readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
        ) as BuildManifest;
        return { manifest: keepShell(entries, shellFiles(manifest, DRIVER_SHELL_ROOTS)), warnings: [] };
      },
    ],
  },
});

export default defineConfig({
  root,
  base: '/sys/',
  plugins: [react(), outDirOf, driverApp],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // The shared package declares no side effects: let unused schemas and rules drop out of page chunks.
      treeshake: { moduleSideEffects: (id: string) => !/packages[\\/]shared[\\/]/.test(id) },
      output: {
        // entriesAware antd chunks would otherwise be named after every page that shares them.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('antd') ? 'assets/antd-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 40,
            },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 30 },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
            // entriesAware: a page loads only the antd modules it (and the shell) uses, so the login page
            // does not pay for Table, Menu or Modal.
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis|dayjs)[\\/]/,
              priority: 20,
              entriesAware: true,
            },
          ],
        },
      },
    },
  },
});
