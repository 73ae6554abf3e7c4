// Apart from master-list.tsx so that pure list helpers (filters in the address) do not pull antd into a page.

/** Rows per page of every master list, and the sizes a server-paged list offers. */
export const PAGE_SIZE = 20;
export const PAGE_SIZES = [20, 50, 100];

export type SortOrder = 'asc' | 'desc';
