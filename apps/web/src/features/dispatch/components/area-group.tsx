import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Dispatch, DispatchStop } from '@junkan/shared/api/drivers';
import { Card, Checkbox, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { areaSelection, canStep, type AreaGroup as Group, isAssignable } from '../dispatch-values';
import { StopRow } from './stop-row';

export interface AreaGroupProps {
  group: Group;
  /** The day's stops as shown (for the positions and the steps). */
  shown: DispatchStop[];
  day: Dispatch;
  selected: ReadonlySet<number>;
  onSelectArea: (on: boolean) => void;
  onSelectStop: (id: number, on: boolean) => void;
  onMove: (id: number, targetId: number) => void;
  onStep: (id: number, step: -1 | 1) => void;
  draggable: boolean;
  disabled: boolean;
}

/**
 * An area's stops of the day in the round's order: the whole area chosen at once, a stop dragged (pointer or
 * keyboard) or stepped within it. Screen readers hear the drag in the page's language.
 */
export function AreaGroup({
  group,
  shown,
  day,
  selected,
  onSelectArea,
  onSelectStop,
  onMove,
  onStep,
  draggable,
  disabled,
}: AreaGroupProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const area = group.areaName ?? t('dispatch.noArea');
  const state = areaSelection(group, selected);
  const stopOf = (id: UniqueIdentifier) => shown.find((s) => s.id === id);
  const nameOf = (id: UniqueIdentifier) => stopOf(id)?.siteName ?? '';
  const positionOf = (id: UniqueIdentifier) => shown.findIndex((s) => s.id === id) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(Number(active.id), Number(over.id));
  };

  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      styles={{ body: { padding: 0 } }}
      title={
        <span>
          {area}{' '}
          <Typography.Text type="secondary">
            {t('dispatch.areaCount', { count: group.stops.length })}
          </Typography.Text>
        </span>
      }
      extra={
        <Checkbox
          checked={state.checked}
          indeterminate={state.indeterminate}
          disabled={disabled || !state.selectable}
          onChange={(e) => onSelectArea(e.target.checked)}
          aria-label={t('dispatch.selectAreaLabel', { area })}
          data-testid="area-select"
        >
          {t('dispatch.selectArea')}
        </Checkbox>
      }
      data-testid="dispatch-area"
      data-area={group.areaName ?? ''}
    >
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('dispatch.dnd.instructions') },
          announcements: {
            onDragStart: ({ active }) => t('dispatch.dnd.pickedUp', { name: nameOf(active.id) }),
            onDragOver: ({ active, over }) =>
              over
                ? t('dispatch.dnd.over', { name: nameOf(active.id), position: positionOf(over.id) })
                : undefined,
            onDragEnd: ({ active, over }) =>
              over
                ? t('dispatch.dnd.dropped', { name: nameOf(active.id), position: positionOf(over.id) })
                : undefined,
            onDragCancel: () => t('dispatch.dnd.cancelled'),
          },
        }}
      >
        <SortableContext items={group.stops.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <ol style={{ margin: 0, padding: 0 }} aria-label={area}>
            {group.stops.map((stop) => (
              <StopRow
                key={stop.id}
                stop={stop}
                position={positionOf(stop.id)}
                driverName={day.drivers.find((d) => d.id === stop.driverUserId)?.userName ?? null}
                vehicleName={day.vehicles.find((v) => v.id === stop.vehicleId)?.name ?? null}
                selected={selected.has(stop.id)}
                selectable={isAssignable(stop)}
                onSelect={(on) => onSelectStop(stop.id, on)}
                canUp={canStep(shown, stop.id, -1)}
                canDown={canStep(shown, stop.id, 1)}
                onStep={(step) => onStep(stop.id, step)}
                draggable={draggable}
                disabled={disabled}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </Card>
  );
}
