import { Button, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { signOut } from '../../lib/sign-out';
import type { SessionWarning } from '../../lib/use-session-watcher';

/**
 * The warning before an idle session ends (JIS X 8341-3 2.2.1): when it ends, and the choice to stay signed in
 * (focused as it opens; Escape chooses it too) or to log out. An alert dialog described by its message, so a screen
 * reader reads the message as the dialog opens.
 */
export function SessionExpiryDialog({ endsAt, extend }: SessionWarning) {
  const { t } = useTranslation();
  const messageId = useId();
  const [isExtending, setExtending] = useState(false);
  const stay = async () => {
    setExtending(true);
    try {
      await extend();
    } finally {
      setExtending(false);
    }
  };
  // antd's panel is a plain dialog: it becomes an alert dialog. React does not touch these attributes again, as
  // the panel's own props never change.
  const asAlertDialog = (panel: HTMLDivElement | null) => {
    panel?.setAttribute('role', 'alertdialog');
    panel?.setAttribute('aria-describedby', messageId);
  };
  return (
    <Modal
      open={endsAt !== null}
      title={t('session.warningTitle')}
      panelRef={asAlertDialog}
      closable={false}
      mask={{ closable: false }}
      onCancel={() => void stay()}
      footer={[
        <Button key="logout" onClick={() => void signOut()}>
          {t('layout.logout')}
        </Button>,
        <Button key="stay" type="primary" autoFocus loading={isExtending} onClick={() => void stay()}>
          {t('session.stay')}
        </Button>,
      ]}
    >
      <p id={messageId}>
        {t('session.warningMessage', { time: endsAt === null ? '' : formatDateTime(endsAt, 'HH:mm') })}
      </p>
    </Modal>
  );
}
