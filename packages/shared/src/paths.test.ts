import { describe, expect, it } from 'vitest';
import { childPath, paths } from './paths';

describe('paths', () => {
  it('links a manifest number to its detail page', () => {
    expect(paths.manifestDetail.to('12345678901')).toBe('/manifest-detail?manifestNumber=12345678901');
    expect(paths.manifestDetail.path).toBe('/manifest-detail');
  });

  it('builds the links of pages with an id', () => {
    expect(paths.projectDetail.to(7)).toBe('/project-managment/detail/7');
    expect(paths.contractCreate.to(7)).toBe('/contract-create/7');
    expect(paths.collectionScheduleDetail.to(7)).toBe('/collection-schedules/detail/7');
  });

  it('names a registry path as a child route', () => {
    expect(childPath(paths.manifestDetail.path)).toBe('manifest-detail');
  });
});
