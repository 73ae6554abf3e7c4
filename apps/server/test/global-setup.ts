import type { TestProject } from 'vitest/node';
import { buildDatabaseTemplate } from './db-template';

/**
 * Vitest's global setup for the API tests: builds the database template once for the run (migrations, reference
 * and demo data) and removes it at the end; every test app starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const { template, remove } = await buildDatabaseTemplate(process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplate', template);
  return remove;
}
