import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker per core. Vitest's default for a run is one less than the cores: a single worker on this 2-core
    // machine kind, where the API tests wait on their embedded database in the worker itself.
    maxWorkers: '100%',
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // Migrates and seeds one database template for the run; each test app starts from a copy of it.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // A worker runs its files one after another in one module graph: no file mocks modules or changes
          // globals (feature-boundaries.test.ts refuses vi.mock, stubs and fake timers in API tests), so each
          // file need not load the server's modules again.
          isolate: false,
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
