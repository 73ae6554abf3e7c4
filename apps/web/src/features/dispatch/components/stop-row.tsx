import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DispatchStop } from '@junkan/shared/api/drivers';
import { paths } from '@junkan/shared/paths';
import { Button, Checkbox, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProofResultTag, ProofStateTag } from '../../../components/proof/proof-details';
import { formatDateTime, punctuationOf } from '../../../lib/format';
import { CollectionStatusTag } from '../../collections/components/collection-status-tag';

export interface StopRowProps {
  stop: DispatchStop;
  /** 1-based place in the day's round. */
  position: number;
  driverName: string | null;
  vehicleName: string | null;
  selected: boolean;
  /** Only a stop still to happen can be given to a driver or a vehicle. */
  selectable: boolean;
  onSelect: (on: boolean) => void;
  canUp: boolean;
  canDown: boolean;
  onStep: (step: -1 | 1) => void;
  /** Dragging is for a pointer on a wide screen; a phone uses the buttons. */
  draggable: boolean;
  disabled: boolean;
}

/**
 * One stop of the day: chosen for an assignment by its checkbox, moved by its handle (a drag, or the keyboard:
 * Space, arrows, Space) or the 上へ/下へ buttons; the site opens the collection's detail.
 */
export function StopRow({
  stop,
  position,
  driverName,
  vehicleName,
  selected,
  selectable,
  onSelect,
  canUp,
  canDown,
  onStep,
  draggable,
  disabled,
}: StopRowProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const p = punctuationOf(i18n.language);
  const sortable = useSortable({
    id: stop.id,
    disabled: disabled || !draggable,
    attributes: { roleDescription: t('dispatch.dnd.roleDescription') },
  });
  const entry =
    stop.entryFrom || stop.entryUntil ? `${stop.entryFrom ?? ''}${p.range}${stop.entryUntil ?? ''}` : null;
  const name = stop.siteName;
  const facts = [
    stop.wasteNames.join(p.list),
    entry && `${t('dispatch.stop.entry')} ${entry}`,
    stop.vehicleLimit !== 'NONE' &&
      `${t('dispatch.stop.vehicleLimit')} ${t(`collections.vehicle.${stop.vehicleLimit}`)}`,
  ].filter(Boolean);

  return (
    <li
      ref={sortable.setNodeRef}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        listStyle: 'none',
        padding: '10px 12px',
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        background: sortable.isDragging ? token.colorBgTextHover : token.colorBgContainer,
        position: 'relative',
        zIndex: sortable.isDragging ? 1 : undefined,
      }}
      data-testid="dispatch-stop"
      data-stop-id={stop.id}
    >
      <Flex gap={8} align="flex-start" wrap>
        <Flex gap={8} align="center" style={{ flex: 'none' }}>
          <Checkbox
            checked={selected && selectable}
            disabled={disabled || !selectable}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={t('dispatch.selectStop', { name })}
            data-testid="stop-select"
          />
          {draggable && (
            <Button
              type="text"
              size="small"
              icon={<HolderOutlined />}
              ref={sortable.setActivatorNodeRef}
              {...sortable.attributes}
              {...sortable.listeners}
              aria-label={t('dispatch.stop.handle', { name })}
              style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none' }}
              data-testid="stop-handle"
            />
          )}
          <Typography.Text strong style={{ minWidth: 24, textAlign: 'right' }} data-testid="stop-position">
            {position}
          </Typography.Text>
        </Flex>
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Flex gap={8} wrap align="center">
            <Link
              to={paths.collectionScheduleDetail.to(stop.id)}
              aria-label={t('dispatch.stop.open', { name })}
            >
              <Typography.Text strong style={{ color: 'inherit' }} data-user-content>
                {name}
              </Typography.Text>
            </Link>
            <CollectionStatusTag status={stop.status} />
          </Flex>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {stop.dischargerName} / {stop.projectTitle}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {stop.address}
          </Typography.Text>
          {facts.length > 0 && <div>{facts.join(` ${p.dot} `)}</div>}
          <Flex gap={8} wrap align="center" data-testid="stop-assignment">
            <span>
              {t('dispatch.stop.driver')}: {driverName ?? t('dispatch.stop.unassigned')}
            </span>
            <span>
              {t('dispatch.stop.vehicle')}: {vehicleName ?? t('dispatch.stop.unassigned')}
            </span>
            {stop.lastMark && (
              <span>
                {t('dispatch.stop.lastMark')}: <ProofResultTag result={stop.lastMark.result} />
                <ProofStateTag state={stop.lastMark.state} />
                {formatDateTime(stop.lastMark.markedAt, 'HH:mm')}
                {p.open}
                {stop.lastMark.driverName}
                {p.close}
              </span>
            )}
          </Flex>
        </div>
        <Flex gap={4} style={{ flex: 'none', marginLeft: 'auto' }}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={disabled || !canUp}
            onClick={() => onStep(-1)}
            aria-label={t('dispatch.stop.upLabel', { name })}
            data-step={`${stop.id}:-1`}
          >
            {t('dispatch.stop.up')}
          </Button>
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={disabled || !canDown}
            onClick={() => onStep(1)}
            aria-label={t('dispatch.stop.downLabel', { name })}
            data-step={`${stop.id}:1`}
          >
            {t('dispatch.stop.down')}
          </Button>
        </Flex>
      </Flex>
    </li>
  );
}
