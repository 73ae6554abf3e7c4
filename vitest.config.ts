import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'jwnet', include: ['apps/jwnet-simulator/src/**/*.test.ts'] } },
      { test: { name: 'card', include: ['apps/card-simulator/src/**/*.test.ts'] } },
      {
        // Real server processes on one PostgreSQL database (skipped without TEST_DATABASE_URL).
        test: {
          name: 'cluster',
          include: ['apps/server/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
