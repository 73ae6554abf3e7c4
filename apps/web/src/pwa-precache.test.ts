import { describe, expect, it } from 'vitest';
import { type BuildManifest, DRIVER_SHELL_ROOTS, keepShell, shellFiles } from './pwa-precache';

const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-a.css'],
  },
  '_react.js': { file: 'assets/react-b.js' },
  '_antd-1.js': { file: 'assets/antd-c.js', imports: ['_react.js'] },
  '_antd-2.js': { file: 'assets/antd-d.js' },
  '_zod.js': { file: 'assets/zod-e.js' },
  'src/app/pages/driver-day-with-account.tsx': {
    file: 'assets/driver-day-page-f.js',
    imports: ['_antd-1.js', '_zod.js'],
    css: ['assets/driver-day-page-f.css'],
  },
  'src/lib/antd-scope.tsx': { file: 'assets/antd-scope-g.js', imports: ['_antd-1.js'] },
  'src/app/pages/home-page.tsx': { file: 'assets/home-page-h.js', imports: ['_antd-2.js'] },
  'src/locales/en/driver-day.json': { file: 'assets/driver-day-i.js' },
  'src/locales/ja/driver-day.json': { file: 'assets/driver-day-j.js' },
  'src/assets/logo.png': { file: 'assets/logo-k.png' },
};

describe('the precache of the driver’s app shell', () => {
  it("keeps the entry, the driver's page, its wrappers and the English texts, with their imports", () => {
    expect([...shellFiles(manifest, DRIVER_SHELL_ROOTS)].sort()).toEqual([
      'assets/antd-c.js',
      'assets/antd-scope-g.js',
      'assets/driver-day-i.js',
      'assets/driver-day-page-f.css',
      'assets/driver-day-page-f.js',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/zod-e.js',
    ]);
  });

  it("leaves out other pages' chunks, and keeps every file outside assets/", () => {
    const entries = [
      { url: 'index.html' },
      { url: 'manifest.webmanifest' },
      { url: 'icons/driver-192.png' },
      { url: 'assets/index-a.js' },
      { url: 'assets/home-page-h.js' },
      { url: 'assets/antd-d.js' },
    ];
    expect(keepShell(entries, shellFiles(manifest, DRIVER_SHELL_ROOTS)).map((e) => e.url)).toEqual([
      'index.html',
      'manifest.webmanifest',
      'icons/driver-192.png',
      'assets/index-a.js',
    ]);
  });
});
