import { Alert, Button, Card, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/master-list';
import { useMarkConflicts } from '../api/mark-conflicts';
import { ConflictItem } from './conflict-item';

/**
 * The drivers' records waiting for the office (whatever their day), announced by a banner while any wait; the
 * list opens from it.
 */
export function ConflictsPanel({ count }: { count: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const conflicts = useMarkConflicts(count > 0);
  const items = conflicts.data ?? [];
  if (count === 0 && items.length === 0) return null;
  const shown = items.length || count;
  return (
    <div style={{ marginBottom: 12 }} data-testid="conflicts">
      <Alert
        type="warning"
        showIcon
        title={t('dispatch.conflicts.title', { count: shown })}
        description={t('dispatch.conflicts.lead')}
        action={
          <Button
            size="small"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            data-testid="conflicts-toggle"
          >
            {t(open ? 'dispatch.conflicts.hide' : 'dispatch.conflicts.show')}
          </Button>
        }
      />
      {open && (
        <Card size="small" style={{ marginTop: 8 }}>
          {conflicts.isError ? (
            <LoadFailed title={t('dispatch.conflicts.loadFailed')} onRetry={() => void conflicts.refetch()} />
          ) : conflicts.isLoading ? (
            <Spin />
          ) : (
            items.map((c) => <ConflictItem key={c.mark.id} conflict={c} />)
          )}
        </Card>
      )}
    </div>
  );
}
