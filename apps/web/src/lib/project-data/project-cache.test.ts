import type { ProjectDetail } from '@junkan/shared/api/projects';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROJECT_FILTERS, projectListRequest } from '../../features/projects/project-list-values';
import { applyProjectChange, projectDetailQueryOptions, refreshProject } from './project-detail';
import { homeProjectsQueryOptions, projectListQueryOptions } from './project-list';

const page = (tab: 'PRE_CONTRACT' | 'IN_PROGRESS' | 'PAST', companyFilter: 'ALL' | number | null = null) =>
  projectListRequest({ ...DEFAULT_PROJECT_FILTERS, tab }, companyFilter);

/** The server's answer to GET /projects/5, changed by each save. */
let draftTitle = 'old draft';
const fetchMock = vi.fn(async (url: string) => {
  const path = new URL(url, 'http://x').pathname;
  const body = path.endsWith('/projects/5') ? { id: 5, projectTitle: draftTitle } : [];
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

beforeEach(() => {
  draftTitle = 'old draft';
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

const newClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
const isInvalidated = (client: QueryClient, queryKey: readonly unknown[]) =>
  client.getQueryState(queryKey)?.isInvalidated === true;

describe('project cache', () => {
  it('after the industrial draft is saved, the confirm page reads the new draft', async () => {
    const client = newClient();
    const detail = projectDetailQueryOptions(5);
    // The confirm page is open on the draft (an observer), cached as fresh for 30 s.
    const confirmPage = new QueryObserver(client, detail);
    const unsubscribe = confirmPage.subscribe(() => {});
    await vi.waitFor(() =>
      expect(client.getQueryData(detail.queryKey)).toMatchObject({ projectTitle: 'old draft' }),
    );

    draftTitle = 'new draft';
    await refreshProject(client, 5);
    expect(client.getQueryData(detail.queryKey)).toMatchObject({ projectTitle: 'new draft' });
    unsubscribe();
  });

  it('a saved draft invalidates its detail and every project list, and no other project', async () => {
    const client = newClient();
    const lists = [
      projectListQueryOptions(false, page('PRE_CONTRACT')).queryKey,
      projectListQueryOptions(true, page('PAST', 'ALL')).queryKey,
      homeProjectsQueryOptions({ isTransport: false, companyId: 'ALL' }).queryKey,
      homeProjectsQueryOptions({ isTransport: true, companyId: 3 }).queryKey,
    ];
    for (const key of [
      ...lists,
      projectDetailQueryOptions(5).queryKey,
      projectDetailQueryOptions(6).queryKey,
    ]) {
      client.setQueryData(key, {} as never);
    }
    await refreshProject(client, 5);
    for (const key of lists) expect(isInvalidated(client, key), JSON.stringify(key)).toBe(true);
    expect(isInvalidated(client, projectDetailQueryOptions(5).queryKey)).toBe(true);
    expect(isInvalidated(client, projectDetailQueryOptions(6).queryKey)).toBe(false);
  });

  it('a write answering the project replaces its detail and invalidates the lists and the home table', async () => {
    const client = newClient();
    const list = projectListQueryOptions(true, page('IN_PROGRESS', 3)).queryKey;
    const home = homeProjectsQueryOptions({ isTransport: true, companyId: 'ALL' }).queryKey;
    client.setQueryData(list, { items: [], total: 0, page: 1, size: 50 });
    client.setQueryData(home, { latest: [], counts: { PRE_CONTRACT: 0, IN_PROGRESS: 0, PAST: 0 } });
    const answer = { id: 5, projectTitle: 'answered' } as unknown as ProjectDetail;
    await applyProjectChange(client, 5, answer);
    expect(client.getQueryData(projectDetailQueryOptions(5).queryKey)).toBe(answer);
    expect(isInvalidated(client, list)).toBe(true);
    expect(isInvalidated(client, home)).toBe(true);
  });
});
