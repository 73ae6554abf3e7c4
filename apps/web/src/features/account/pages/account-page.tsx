import {
  type AccountInfoInput,
  type AccountInfoResponse,
  type AccountUpdateRequest,
  accountUpdateRequestSchema,
} from '@junkan/shared/api/users';
import { paths } from '@junkan/shared/paths';
import { Alert, App, Button, Card, Form, Result, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useMatch } from 'react-router';
import { AccountInfoForm } from '../../../components/account-form/account-info-form';
import { confirmSend } from '../../../components/form-modal';
import { PageSpinner } from '../../../components/page-spinner';
import { useAccountInfo } from '../../../lib/account-info';
import { isApiError } from '../../../lib/api-client';
import { showApiError, toastError } from '../../../lib/form-errors';
import { getSessionSnapshot } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useUpdateAccountInfo } from '../api/update-account-info';
import { BankAccountsCard } from '../components/bank-accounts-card';

/** The form's values from the stored information (the server's id, email and role are not form fields). */
function toFormValues(info: AccountInfoResponse): AccountInfoInput {
  const { id: _id, email: _email, role: _role, ...values } = info;
  return {
    ...values,
    registrantNumber: values.registrantNumber ?? '',
    ediConfirmationKey: values.ediConfirmationKey ?? '',
    invoiceRegistrationNumber: values.invoiceRegistrationNumber ?? '',
  };
}

/**
 * Account information update: /account (discharger, PUT /users) and /account/trans (transporter,
 * PUT /trans/users). Existing offices and discharge sites are read-only and may be removed; new ones are
 * added. The registrant number and EDI key are locked once set, unless an admin acts for the operator.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const isTransport = useMatch(paths.accountTrans.path) !== null;
  const query = useAccountInfo(isTransport);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('accountUpdate.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <AccountUpdateForm key={isTransport ? 'trans' : 'waste'} isTransport={isTransport} info={query.data} />
      {/* A transport company's 振込先, saved on their own: its bank-transfer invoices print them. */}
      {isTransport && <BankAccountsCard />}
    </>
  );
}

function AccountUpdateForm({ isTransport, info }: { isTransport: boolean; info: AccountInfoResponse }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const session = useSession();
  const [form] = Form.useForm<AccountInfoInput>();
  const mutation = useUpdateAccountInfo(isTransport);
  const [isDirty, setDirty] = useState(false);
  const isAdminActing = session.adminId !== null;
  const initialValues = toFormValues(info);

  // After a save the query holds the saved information: the form starts again from it.
  const lastInfo = useRef(info);
  useEffect(() => {
    if (lastInfo.current === info) return;
    lastInfo.current = info;
    form.resetFields();
    setDirty(false);
  }, [info, form]);

  useUnsavedChangesGuard(isDirty);

  const save = (values: AccountUpdateRequest) => {
    confirmSend(modal, {
      title: t('MSG_00_04_2'),
      okText: t('accountUpdate.submit'),
      send: async () => {
        await mutation.mutateAsync(values);
        void message.success(t('user_info_updated'));
      },
      onRefused: (error) => {
        if (isApiError(error) && error.code === 'in_use_cannot_delete') {
          const { usedBy = 'projects', name = '' } = error.params ?? {};
          toastError(message, t, 'in_use_cannot_delete', {
            usedBy: t(`accountUpdate.usedBy.${usedBy}`, { name }),
          });
          return;
        }
        showApiError({ error, t, message, form, fallbackCode: 'update_account_failed' });
      },
    });
  };

  const revert = () => {
    modal.confirm({
      title: t('MSG_00_05'),
      onOk: () => {
        form.resetFields();
        setDirty(false);
      },
    });
  };

  return (
    <Card
      title={t(isTransport ? 'menu.accountTrans' : 'menu.account')}
      extra={isDirty && <Tag color="orange">{t('accountUpdate.unsaved')}</Tag>}
      style={{ maxWidth: 1100 }}
    >
      <Typography.Paragraph type="secondary">{t('accountUpdate.lead')}</Typography.Paragraph>
      {(info.registrantNumber || info.ediConfirmationKey) && (
        <Alert
          style={{ marginBottom: 16 }}
          type={isAdminActing ? 'warning' : 'info'}
          showIcon
          message={t(isAdminActing ? 'accountUpdate.keysUnlockedForAdmin' : 'accountUpdate.keysLocked')}
        />
      )}
      <AccountInfoForm<AccountUpdateRequest>
        form={form}
        initialValues={initialValues}
        schema={accountUpdateRequestSchema}
        lockRegisteredKeys={!isAdminActing}
        // Transport companies have no discharge sites of their own; any stored ones still show.
        showDischargeSites={!isTransport || info.wastes.length > 0}
        showInvoiceRegistrationNumber={isTransport}
        allowRemoveExisting
        submitLabel={t('accountUpdate.submit')}
        submitting={mutation.isPending}
        onSubmit={save}
        onValuesChange={() => setDirty(true)}
        extraActions={
          <Button onClick={revert} disabled={!isDirty || mutation.isPending} data-testid="account-revert">
            {t('accountUpdate.revert')}
          </Button>
        }
      />
    </Card>
  );
}

/**
 * Unsaved changes are not lost by accident: closing or reloading the tab asks the browser's question,
 * and leaving the page inside the app asks MSG_00_05. A sign-out or a switch to another operator, which
 * replace the session, are not held up.
 */
function useUnsavedChangesGuard(isDirty: boolean) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const userId = useRef(getSessionSnapshot().claims?.userId);
  const isSameSession = useCallback(() => {
    const now = getSessionSnapshot();
    return now.isSignedIn && now.claims?.userId === userId.current;
  }, []);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isSameSession()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty, isSameSession]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && isSameSession() && currentLocation.pathname !== nextLocation.pathname,
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('MSG_00_05'),
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
  }, [blocker.state, modal, t]);
}
