import { App, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { showApiError, toastError } from '../lib/form-errors';
import { messageText } from '../lib/i18n';
import { useToast } from '../lib/toast';

export interface DeleteRequest<Id> {
  id: Id;
  title: string;
  /** Asked as confirm_delete ("delete {{name}}?"), unless `content` says it otherwise. */
  name?: string;
  content?: ReactNode;
  onDeleted?: () => void;
  okTestId?: string;
}

/**
 * Delete after a confirmation, then the deleted toast. A refusal because other data uses the item names
 * that data through `usedBy`, which turns the server's usedBy key into the feature's own words.
 */
export function useDeleteWithConfirm<Id>(
  remove: (id: Id) => Promise<unknown>,
  usedBy?: (key: string | undefined) => string,
): (request: DeleteRequest<Id>) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  return ({ id, title, name, content, onDeleted, okTestId }) => {
    modal.confirm({
      title,
      content: content ?? messageText(t, 'confirm_delete', { name }),
      okText: t('forms.delete'),
      okButtonProps: { danger: true, 'data-testid': okTestId } as ButtonProps,
      cancelText: t('forms.cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await remove(id);
          void message.success(t('master_deleted'));
          onDeleted?.();
        } catch (error) {
          if (usedBy && isApiError(error) && error.code === 'in_use_cannot_delete') {
            const key = error.params?.usedBy;
            toastError(message, t, error.code, {
              usedBy: usedBy(key === undefined ? undefined : String(key)),
            });
          } else showApiError({ error, t, message });
        }
      },
    });
  };
}
