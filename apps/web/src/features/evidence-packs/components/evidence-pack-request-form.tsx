import { FileZipOutlined } from '@ant-design/icons';
import type { EvidencePackRequest } from '@junkan/shared/api/evidence-packs';
import { type EvidencePackScope, evidencePackPeriodIssue } from '@junkan/shared/rules/evidence-pack';
import { App, Button, type ButtonProps, DatePicker, Form, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateItemProps, dayPickerProps, futureDays } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { confirmSend } from '../../../components/form-modal';
import { showApiError } from '../../../lib/form-errors';
import { formatPlainDate } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { usePackableProjects } from '../api/packable-projects';
import { useRequestEvidencePack } from '../api/request-evidence-pack';

interface Values {
  scope: EvidencePackScope;
  projectId?: number;
  from?: string | null;
  to?: string | null;
}

/**
 * Asking for a pack: one project (chosen from this side's projects, searched on the server) or a period; after a
 * confirmation it is queued and the list below shows its progress.
 */
export function EvidencePackRequestForm() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [form] = Form.useForm<Values>();
  const scope = Form.useWatch('scope', form) ?? 'PROJECT';
  const [keyword, setKeyword] = useState('');
  const projects = usePackableProjects(keyword);
  const send = useRequestEvidencePack();

  const submit = (values: Values) => {
    const body: EvidencePackRequest =
      values.scope === 'PROJECT'
        ? { scope: 'PROJECT', projectId: values.projectId }
        : { scope: 'PERIOD', from: values.from ?? undefined, to: values.to ?? undefined };
    const project = projects.data?.find((p) => p.id === values.projectId);
    confirmSend(modal, {
      title: t('evidencePacks.confirmTitle'),
      content: (
        <>
          <p>
            {values.scope === 'PROJECT'
              ? t('evidencePacks.confirmProject', { title: project?.title ?? values.projectId })
              : t('evidencePacks.confirmPeriod', {
                  from: formatPlainDate(values.from ?? null),
                  to: formatPlainDate(values.to ?? null),
                })}
          </p>
          <p>{t('evidencePacks.confirmHint')}</p>
        </>
      ),
      okText: t('evidencePacks.request'),
      okButtonProps: { 'data-testid': 'evidence-pack-confirm-ok' } as ButtonProps,
      cancelText: t('forms.cancel'),
      send: async () => {
        await send.mutateAsync(body);
        void message.success(t('evidencePacks.requested'));
      },
      onRefused: (error) => showApiError({ error, t, message, form }),
    });
  };

  const periodRule = {
    validator: async (_: unknown, to: string | null) => {
      const from = form.getFieldValue('from') as string | null;
      const issue = from && to ? evidencePackPeriodIssue(from, to) : null;
      if (issue) throw new Error(messageText(t, issue));
    },
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ scope: 'PROJECT' }}
      onFinish={submit}
      data-testid="evidence-pack-form"
    >
      <Form.Item name="scope" label={t('evidencePacks.scope')}>
        <Radio.Group>
          <Radio.Button value="PROJECT" data-testid="evidence-pack-scope-project">
            {t('evidencePacks.scopeProject')}
          </Radio.Button>
          <Radio.Button value="PERIOD" data-testid="evidence-pack-scope-period">
            {t('evidencePacks.scopePeriod')}
          </Radio.Button>
        </Radio.Group>
      </Form.Item>
      {scope === 'PROJECT' ? (
        <Form.Item
          name="projectId"
          label={t('evidencePacks.project')}
          rules={[requiredRule(t)]}
          style={{ maxWidth: 560 }}
        >
          <Select
            showSearch
            allowClear
            filterOption={false}
            onSearch={setKeyword}
            loading={projects.isFetching}
            placeholder={t('evidencePacks.projectPlaceholder')}
            notFoundContent={t('evidencePacks.noProjects')}
            options={(projects.data ?? []).map((p) => ({
              value: p.id,
              label: p.counterpartName
                ? t('common.withNote', { main: `${p.id} ${p.title}`, note: p.counterpartName })
                : `${p.id} ${p.title}`,
            }))}
            data-testid="evidence-pack-project"
          />
        </Form.Item>
      ) : (
        <Space wrap align="start">
          <Form.Item name="from" label={t('evidencePacks.from')} rules={[requiredRule(t)]} {...dateItemProps}>
            <DatePicker {...dayPickerProps} disabledDate={futureDays()} data-testid="evidence-pack-from" />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('evidencePacks.to')}
            dependencies={['from']}
            rules={[requiredRule(t), periodRule]}
            {...dateItemProps}
          >
            <DatePicker {...dayPickerProps} data-testid="evidence-pack-to" />
          </Form.Item>
        </Space>
      )}
      <Form.Item extra={t('evidencePacks.requestHint')}>
        <Button
          type="primary"
          htmlType="submit"
          icon={<FileZipOutlined />}
          loading={send.isPending}
          data-testid="evidence-pack-request"
        >
          {t('evidencePacks.request')}
        </Button>
      </Form.Item>
    </Form>
  );
}
