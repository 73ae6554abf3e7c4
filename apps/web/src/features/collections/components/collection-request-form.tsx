import type { CollectionRequestOption } from '@junkan/shared/api/collections';
import type { NotCollectableReason } from '@junkan/shared/collection-rules';
import { paths } from '@junkan/shared/paths';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  type FormInstance,
  Radio,
  Row,
  Select,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { japanToday } from '../../../components/form/date-field';
import { keepInput } from '../../../components/form/kept-input';
import { useKeptInput } from '../../../components/form/use-kept-input';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { isApiError } from '../../../lib/api-client';
import { showApiError, toastError } from '../../../lib/form-errors';
import { formatPlainDate } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useCheckCollectionRequest } from '../api/check-collection-request';
import {
  buildCollectionRequest,
  canRecur,
  kindHint,
  offeredKinds,
  type PendingRequest,
  pendingRequestKey,
  type RequestFormValues,
  refusalIssues,
  requestDraftKey,
  restoreRequestValues,
  startingValues,
  toRequest,
  valuesForProject,
} from '../collection-request-values';
import type { KnownDay } from '../request-days';
import { RecurrenceFields } from './recurrence-fields';
import { RequestConditionsFields } from './request-conditions-fields';
import { RequestDatesField } from './request-dates-field';
import { showRequestIssues } from './show-request-issues';
import { WasteLineFields } from './waste-line-fields';

/** What the confirm step hands back: a refusal of the send to show on the fields, or a plain return. */
export interface RequestFormState {
  back?: boolean;
  refusal?: { fields?: Record<string, string>; params?: Record<string, string | number> };
}

/** The collection request form: kept while typed, checked by the server, then confirmed on the next step. */
export function CollectionRequestForm({ options }: { options: CollectionRequestOption[] }) {
  const { t } = useTranslation();
  const message = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [form] = Form.useForm<RequestFormValues>();
  const userId = session.claims?.userId;
  const kept = useKeptInput(requestDraftKey(userId));
  const state = (location.state ?? {}) as RequestFormState;
  const initial = useMemo(() => startingValues(options), [options]);
  const [stored] = useState(() => restoreRequestValues(kept.read<unknown>(), options));
  const [restored, setRestored] = useState(stored !== null && !state.back && !state.refusal);
  const [today] = useState(() => japanToday());
  const [known, setKnown] = useState<ReadonlyMap<string, KnownDay>>(new Map());
  const guard = useLeaveGuard(stored !== null, () => kept.drop());
  const check = useCheckCollectionRequest();
  const start = stored ?? initial;
  const projectId = (Form.useWatch('projectId', form) as number | null | undefined) ?? start.projectId;
  const kind = (Form.useWatch('kind', form) as string | undefined) ?? start.kind;
  const option = options.find((o) => o.projectId === projectId);
  const hint = kindHint(option);

  const onKnown = useCallback(
    (days: { date: string; collectable: boolean; reason: NotCollectableReason | null }[]) =>
      setKnown((prev) => {
        const next = new Map(prev);
        for (const d of days) next.set(d.date, { collectable: d.collectable, reason: d.reason });
        return next;
      }),
    [],
  );

  const clearErrors = () =>
    (form as FormInstance).setFields(
      form
        .getFieldsError()
        .filter((f) => f.errors.length > 0)
        .map((f) => ({ name: f.name, errors: [] })),
    );

  // The confirm step's refused send: its codes on the fields, once (a reload does not show them again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the state the page opened with
  useEffect(() => {
    if (!state.refusal) return;
    const { rowOfLine } = toRequest(form.getFieldsValue(true));
    const general = showRequestIssues(form, refusalIssues(state.refusal, rowOfLine), t);
    if (general) toastError(message, t, general.code);
    navigate(location.pathname, { replace: true, state: null });
  }, []);

  const onValuesChange = (changed: Partial<RequestFormValues>, all: RequestFormValues) => {
    if ('projectId' in changed) {
      const next = options.find((o) => o.projectId === changed.projectId);
      const { vehicleLimit, entryFrom, entryUntil, memo } = all;
      if (next) form.setFieldsValue({ ...valuesForProject(next), vehicleLimit, entryFrom, entryUntil, memo });
      setKnown(new Map());
      clearErrors();
    }
    if (changed.kind === 'RECURRING' && !all.frequency) form.setFieldValue('frequency', 'WEEKLY');
    kept.keep(form.getFieldsValue(true));
    guard.markDirty();
  };

  const startOver = () => {
    kept.drop();
    guard.markClean();
    form.resetFields();
    form.setFieldsValue(initial);
    setRestored(false);
  };

  const onCheck = async () => {
    clearErrors();
    const built = buildCollectionRequest(form.getFieldsValue(true), { today, option, known });
    if (!built.ok) {
      const general = showRequestIssues(form, built.issues, t);
      if (general) toastError(message, t, general.code);
      return;
    }
    try {
      const preview = await check.mutateAsync(built.input);
      keepInput(pendingRequestKey(userId), { body: built.input, preview } satisfies PendingRequest);
      guard.markClean();
      navigate(paths.collectionRequestConfirm.to());
    } catch (error) {
      if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0)
        showRequestIssues(form, refusalIssues(error, built.rowOfLine), t);
      else showApiError({ error, t, message });
    }
  };

  return (
    <Card title={t('collections.requestTitle')} style={{ maxWidth: 1100 }}>
      <Typography.Paragraph type="secondary">{t('collections.requestLead')}</Typography.Paragraph>
      {restored && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('collections.restored')}
          action={
            <Button size="small" onClick={startOver}>
              {t('collections.discardRestored')}
            </Button>
          }
        />
      )}
      <Form<RequestFormValues>
        form={form}
        layout="vertical"
        initialValues={start}
        onValuesChange={onValuesChange}
        onFinish={() => void onCheck()}
        disabled={check.isPending}
      >
        <Typography.Title level={5}>{t('collections.section.where')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="projectId" label={t('collections.field.project')} required>
              <Select
                placeholder={t('collections.placeholder.project')}
                showSearch={{ optionFilterProp: 'label' }}
                options={options.map((o) => ({
                  value: o.projectId,
                  label: `${o.projectTitle}（${o.transportCompany.name}）`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="dischargeSiteId" label={t('collections.field.dischargeSite')} required>
              <Select
                placeholder={t('collections.placeholder.dischargeSite')}
                disabled={!option}
                options={(option?.dischargeSites ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.name}（${s.address}）`,
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {option && (
          <Typography.Paragraph type="secondary" data-testid="collection-contract">
            {t('collections.field.transporter')}: {option.transportCompany.name} /{' '}
            {t('collections.field.contractPeriod')}: {formatPlainDate(option.contract.startDate)}
            {currentPunctuation().range}
            {formatPlainDate(option.contract.endDate)}
          </Typography.Paragraph>
        )}

        <Typography.Title level={5}>{t('collections.section.when')}</Typography.Title>
        <Form.Item
          name="kind"
          label={t('collections.field.kind')}
          extra={
            hint ? (
              <span data-testid="collection-kind-hint">{t(hint.key, { left: hint.left })}</span>
            ) : undefined
          }
        >
          <Radio.Group
            optionType="button"
            options={offeredKinds(option).map(({ kind: k, disabled }) => ({
              value: k,
              label: t(`collections.kind.${k}`),
              disabled,
            }))}
          />
        </Form.Item>
        {option && kind === 'RECURRING' && canRecur(option) ? (
          <RecurrenceFields />
        ) : option ? (
          <RequestDatesField option={option} today={today} known={known} onKnown={onKnown} />
        ) : null}

        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('collections.section.lines')}
        </Typography.Title>
        <WasteLineFields option={option} />

        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('collections.section.conditions')}
        </Typography.Title>
        <RequestConditionsFields />

        <Flex gap={8} justify="end">
          <Button
            type="primary"
            htmlType="submit"
            loading={check.isPending}
            autoInsertSpace={false}
            data-testid="collection-check"
          >
            {check.isPending ? t('collections.checking') : t('collections.check')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
