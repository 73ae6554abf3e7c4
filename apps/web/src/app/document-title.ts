import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type UIMatch, useLocation, useMatches } from 'react-router';
import { useRecordLabelOf } from '../lib/record-label';

/**
 * A route's `handle` as the browser tab's title reads it: the label key of its page (`menu.<key>` for the pages of
 * the page table), and whether the record's `:id` follows the label (a detail page).
 */
export interface TitleHandle {
  title?: string;
  titleWithId?: boolean;
}

const APP_NAME = 'junkan';

/** The deepest matched route that names a title: its label key, and the id it shows. */
export function routeTitle(
  matches: readonly Pick<UIMatch, 'handle' | 'params'>[],
): { key: string; id?: string } | undefined {
  const match = [...matches].reverse().find((m) => (m.handle as TitleHandle | undefined)?.title);
  const handle = match?.handle as TitleHandle | undefined;
  if (!match || !handle?.title) return undefined;
  const id = handle.titleWithId ? match.params.id : undefined;
  return id ? { key: handle.title, id } : { key: handle.title };
}

/** The tab's title: the page's name, then the app's (JIS X 8341-3 2.4.2). */
export function documentTitle(name: string | undefined): string {
  return name ? `${name} | ${APP_NAME}` : APP_NAME;
}

/**
 * Sets `document.title` from the route on screen, in the language chosen (the root guard, for every page), or from
 * `key` where no route says it (the router's error page).
 */
export function useDocumentTitle(key?: string): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const known = useRecordLabelOf(useLocation().pathname);
  const found = key ? { key } : routeTitle(matches);
  // A detail page's record by what it is known as once loaded (lib/record-label.ts), else the address's id.
  const id = found?.id !== undefined ? (known ?? found.id) : undefined;
  const name = found ? (id ? t('layout.crumbWithId', { label: t(found.key), id }) : t(found.key)) : undefined;
  const title = documentTitle(name);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
