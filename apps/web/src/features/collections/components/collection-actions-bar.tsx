import type { CollectionDetail } from '@junkan/shared/api/collections';
import type { CollectionAction } from '@junkan/shared/collection-rules';
import { App, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useConfirmCollectionRequest } from '../api/confirm-request';
import { ACTION_FORM, orderedActions } from '../collection-labels';
import { CollectionActionModal } from './collection-action-modal';

/** The buttons of what the caller may do now (the server's `actions`, nothing more), each in its dialog. */
export function CollectionActionsBar({
  detail,
  isTransport,
}: {
  detail: CollectionDetail;
  isTransport: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [action, setAction] = useState<CollectionAction | null>(null);
  const confirmAll = useConfirmCollectionRequest();
  const actions = orderedActions(detail.actions);
  const canConfirmAll = isTransport && detail.actions.includes('CONFIRM');

  const onConfirmAll = () =>
    modal.confirm({
      title: t('collections.confirmAllTitle'),
      content: t('collections.confirmAllLead'),
      okText: t('collections.confirmAll'),
      cancelText: t('forms.cancel'),
      onOk: async () => {
        try {
          const result = await confirmAll.mutateAsync(detail.requestId);
          void message.success(t('collections.confirmedAll', { count: result.confirmed }));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  if (actions.length === 0) return null;
  return (
    <>
      <Flex gap={8} wrap justify="end" data-testid="collection-actions">
        {actions.map((a, i) => (
          <Button
            key={a}
            type={i === 0 && !ACTION_FORM[a].danger ? 'primary' : 'default'}
            danger={ACTION_FORM[a].danger}
            onClick={() => setAction(a)}
            autoInsertSpace={false}
            data-testid={`collection-action-${a}`}
          >
            {t(`collections.action.${a}`)}
          </Button>
        ))}
        {canConfirmAll && (
          <Button loading={confirmAll.isPending} onClick={onConfirmAll} data-testid="collection-confirm-all">
            {t('collections.confirmAll')}
          </Button>
        )}
      </Flex>
      {action && <CollectionActionModal action={action} detail={detail} onClose={() => setAction(null)} />}
    </>
  );
}
