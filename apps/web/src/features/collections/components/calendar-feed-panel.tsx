import { CalendarOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { isFeedActive, useCalendarFeed } from '../api/calendar-feed';
import { useIssueCalendarFeed } from '../api/issue-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';

/**
 * The company's private iCalendar feed: whether one is active, issuing a new URL (which replaces the old one,
 * so it asks first) shown once with a copy button and how to add it, and stopping it.
 */
export function CalendarFeedButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)} data-testid="calendar-feed-open">
        {t('collections.feed.open')}
      </Button>
      <Modal
        title={t('collections.feed.title')}
        open={open}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('collections.feed.close')}</Button>}
        destroyOnHidden
        width={640}
      >
        <CalendarFeedPanel />
      </Modal>
    </>
  );
}

function CalendarFeedPanel() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const feed = useCalendarFeed(true);
  const issue = useIssueCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const active = url !== null || isFeedActive(feed.data);
  const busy = issue.isPending || revoke.isPending;

  const onIssue = () =>
    modal.confirm({
      title: t('collections.feed.issueConfirmTitle'),
      content: t('collections.feed.issueConfirm'),
      okText: active ? t('collections.feed.reissue') : t('collections.feed.issue'),
      cancelText: t('forms.cancel'),
      onOk: async () => {
        try {
          const answer = await issue.mutateAsync();
          setUrl(answer.url);
          void message.success(t('collections.feed.issued'));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  const onRevoke = () =>
    modal.confirm({
      title: t('collections.feed.revokeConfirmTitle'),
      content: t('collections.feed.revokeConfirm'),
      okText: t('collections.feed.revoke'),
      okButtonProps: { danger: true, autoInsertSpace: false },
      cancelText: t('forms.cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await revoke.mutateAsync();
          setUrl(null);
          void message.success(t('collections.feed.revoked'));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('collections.feed.copied'));
    } catch {
      // No clipboard (an insecure origin, a refusal): the field is selected for Ctrl+C instead.
      (document.getElementById('calendar-feed-url') as HTMLInputElement | null)?.select();
    }
  };

  if (feed.isPending) return <Spin />;
  return (
    <Flex vertical gap={12} data-testid="calendar-feed-panel">
      <Typography.Paragraph style={{ margin: 0 }}>{t('collections.feed.lead')}</Typography.Paragraph>
      {feed.isError ? (
        <Alert type="warning" showIcon title={t('collections.feed.loadFailed')} />
      ) : (
        <Alert
          type={active ? 'success' : 'info'}
          showIcon
          title={active ? t('collections.feed.active') : t('collections.feed.inactive')}
          data-testid="calendar-feed-state"
        />
      )}
      {url && (
        <>
          <Alert type="warning" showIcon title={t('collections.feed.urlOnce')} />
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="calendar-feed-url"
              aria-label={t('collections.feed.url')}
              readOnly
              value={url}
              onFocus={(e) => e.target.select()}
              data-testid="calendar-feed-url"
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('collections.feed.copy')}
            </Button>
          </Space.Compact>
        </>
      )}
      <Flex gap={8} wrap>
        <Button
          type="primary"
          loading={issue.isPending}
          disabled={busy}
          onClick={onIssue}
          data-testid="calendar-feed-issue"
        >
          {active ? t('collections.feed.reissue') : t('collections.feed.issue')}
        </Button>
        {active && (
          <Button
            danger
            loading={revoke.isPending}
            disabled={busy}
            onClick={onRevoke}
            autoInsertSpace={false}
            data-testid="calendar-feed-revoke"
          >
            {t('collections.feed.revoke')}
          </Button>
        )}
      </Flex>
      <div>
        <Typography.Text strong>{t('collections.feed.howTo')}</Typography.Text>
        <ul style={{ paddingInlineStart: 20, margin: '4px 0 0' }}>
          <li>{t('collections.feed.outlook')}</li>
          <li>{t('collections.feed.google')}</li>
          <li>{t('collections.feed.iphone')}</li>
        </ul>
      </div>
    </Flex>
  );
}
