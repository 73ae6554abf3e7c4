import type { CollectionSummary } from '@junkan/shared/api/collections';
import { paths } from '@junkan/shared/paths';
import { Calendar, Flex, Grid, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATUS_LOOK, statusLabelKey } from '../collection-labels';
import { byDate } from '../schedule-filters';
import { CollectionCards } from './collection-cards';
import { statusStyle } from './collection-status-tag';
import { useDayText } from './use-day-text';

const DOT_COLORS: Record<string, string> = {
  blue: '#1677ff',
  orange: '#fa8c16',
  green: '#52c41a',
  red: '#f5222d',
  magenta: '#eb2f96',
  default: '#bfbfbf',
};

/**
 * The month as a calendar. On a wide screen each day lists its collections (status colour, site) as links;
 * on a phone the days carry coloured dots and the chosen day's collections show as cards below.
 */
export function ScheduleCalendar({
  month,
  items,
  isTransport,
  today,
  onMonth,
}: {
  month: string;
  items: CollectionSummary[];
  isTransport: boolean;
  today: string;
  onMonth: (month: string) => void;
}) {
  const { t } = useTranslation();
  const dayText = useDayText();
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;
  const [picked, setPicked] = useState<string | null>(null);
  const day = picked?.startsWith(month) ? picked : today.startsWith(month) ? today : `${month}-01`;
  const dates = byDate(items);
  const label = (c: CollectionSummary) =>
    `${t(statusLabelKey(c.status))} ${isTransport ? `${c.discharger.name} ` : ''}${c.dischargeSite.name}`;

  const wideCell = (date: Dayjs) => (
    <Flex vertical gap={2}>
      {(dates.get(date.format('YYYY-MM-DD')) ?? []).map((c) => (
        <Link
          key={c.id}
          to={paths.collectionScheduleDetail.to(c.id)}
          title={`${label(c)} / ${c.project.title}`}
        >
          <Tag
            color={STATUS_LOOK[c.status].color}
            style={{
              ...statusStyle(c.status),
              display: 'block',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              marginInlineEnd: 0,
            }}
            data-testid="calendar-item"
          >
            {label(c)}
          </Tag>
        </Link>
      ))}
    </Flex>
  );

  const dots = (date: Dayjs) => (
    <Flex justify="center" gap={2}>
      {(dates.get(date.format('YYYY-MM-DD')) ?? []).slice(0, 4).map((c) => (
        <span
          key={c.id}
          aria-hidden
          style={{
            width: 6,
            height: 6,
            borderRadius: 3,
            background: DOT_COLORS[STATUS_LOOK[c.status].color] ?? '#595959',
          }}
        />
      ))}
    </Flex>
  );

  return (
    <div data-testid="schedule-calendar">
      <Calendar
        value={dayjs(day)}
        fullscreen={wide}
        headerRender={() => null}
        cellRender={(current, info) => {
          if (info.type !== 'date') return info.originNode;
          return wide ? wideCell(current) : dots(current);
        }}
        onSelect={(date, info) => {
          if (info.source !== 'date') return;
          const value = date.format('YYYY-MM-DD');
          setPicked(value);
          if (!value.startsWith(month)) onMonth(value.slice(0, 7));
        }}
      />
      {!wide && (
        <div style={{ marginTop: 12 }}>
          <Typography.Title level={5}>{dayText(day)}</Typography.Title>
          <CollectionCards
            items={dates.get(day) ?? []}
            isTransport={isTransport}
            emptyText={t('collections.emptyDay')}
          />
        </div>
      )}
    </div>
  );
}
