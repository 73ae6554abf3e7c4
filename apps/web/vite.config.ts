import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/sys/',
  plugins: [react()],
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
