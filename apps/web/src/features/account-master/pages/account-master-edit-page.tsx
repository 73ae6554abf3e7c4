import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  type AdminUserDetail,
  adminUserCreateSchema,
  adminUserUpdateSchema,
} from '@junkan/shared/api/account-master';
import type { AccountInfoInput } from '@junkan/shared/api/users';
import type { OperatorRole } from '@junkan/shared/enums';
import { App, Button, Card, Form, Result, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { AccountInfoForm } from '../../../components/account-form/account-info-form';
import { confirmDiscard } from '../../../components/form-modal';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { ACCOUNT_MASTER_PATH, accountUpdatePath } from '../account-paths';
import { useAdminUser } from '../api/admin-user';
import { useCreateAdminUser } from '../api/create-admin-user';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { AccountMasterFields } from '../components/account-master-fields';

const registerSchema = adminUserCreateSchema.omit({ role: true });
type RegisterValues = z.infer<typeof registerSchema>;
type UpdateValues = z.infer<typeof adminUserUpdateSchema>;

/**
 * Asks before leaving a page with unsaved input. `allowNext()` lets the next navigation through (after
 * saving or deleting).
 */
function useLeaveGuard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirty = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return dirty.current && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDiscard(modal, t, { onOk: () => blocker.proceed(), onCancel: () => blocker.reset() });
  }, [blocker, modal, t]);
  return {
    markDirty: () => {
      dirty.current = true;
    },
    allowNext: () => {
      dirty.current = false;
    },
  };
}

function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      icon={<ArrowLeftOutlined />}
      // Back to the list as it was (search, page) when the list led here; else to the list itself.
      onClick={() => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate(ACCOUNT_MASTER_PATH))}
    >
      {t('accountMaster.back')}
    </Button>
  );
}

/** /account-master/register and /account-master/trans/register. */
function RegisterAccount({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const message = useToast();
  const navigate = useNavigate();
  const [form] = Form.useForm<AccountInfoInput>();
  const create = useCreateAdminUser();
  const guard = useLeaveGuard();

  const submit = async (values: RegisterValues) => {
    try {
      await create.mutateAsync({ ...values, role });
      void message.success(t('account_registered_mail_sent'));
      guard.allowNext();
      navigate(`${ACCOUNT_MASTER_PATH}?keyWord=${encodeURIComponent(values.email)}`);
    } catch (error) {
      showApiError({ error, t, message, form, fallbackCode: 'register_account_failed' });
    }
  };

  return (
    <Card
      title={t(
        role === 'TRANSPORT' ? 'accountMaster.registerTransportTitle' : 'accountMaster.registerWasteTitle',
      )}
      extra={<BackButton />}
      data-testid="account-master-edit"
    >
      <Typography.Paragraph type="secondary">{t('accountMaster.registerNote')}</Typography.Paragraph>
      <AccountInfoForm<RegisterValues>
        form={form}
        initialValues={{ enabled: true } as Partial<AccountInfoInput>}
        schema={registerSchema}
        beforeSections={<AccountMasterFields isNew />}
        submitLabel={t('accountMaster.register')}
        submitting={create.isPending}
        onSubmit={(values) => void submit(values)}
        onValuesChange={guard.markDirty}
      />
    </Card>
  );
}

const toFormValues = (user: AdminUserDetail) =>
  ({
    email: user.email,
    enabled: user.enabled,
    accountName: user.accountName,
    companyName: user.companyName,
    companyPostalCode: user.companyPostalCode,
    companyAddress: user.companyAddress,
    companyTelephone: user.companyTelephone,
    companyEmail: user.companyEmail,
    contractPic: user.contractPic,
    registrantNumber: user.registrantNumber ?? '',
    ediConfirmationKey: user.ediConfirmationKey ?? '',
    offices: user.offices,
    wastes: user.wastes,
  }) as Partial<AccountInfoInput>;

/** /account-master/update/{id} and /account-master/trans/update/{id}. */
function UpdateAccount({ id, role }: { id: number; role: OperatorRole }) {
  const { t } = useTranslation();
  const message = useToast();
  const navigate = useNavigate();
  const [form] = Form.useForm<AccountInfoInput>();
  const detail = useAdminUser(id);
  const update = useUpdateAdminUser();
  const remove = useDeleteAdminUser();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync);
  const guard = useLeaveGuard();
  // Remounts the form with the saved values (new entries become existing, read-only ones).
  const [formKey, setFormKey] = useState(0);

  if (detail.isLoading) return <Card loading data-testid="account-master-edit" />;
  if (detail.isError || !detail.data) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'warning'}
        title={t(notFound ? 'accountMaster.notFound' : 'accountMaster.loadFailed')}
        extra={
          <Button type="primary" onClick={() => navigate(ACCOUNT_MASTER_PATH)}>
            {t('accountMaster.backToList')}
          </Button>
        }
      />
    );
  }
  const user = detail.data;
  if (user.role === 'ADMIN') {
    return (
      <Result
        status="info"
        title={t('accountMaster.adminNotEditable')}
        extra={<Button onClick={() => navigate(ACCOUNT_MASTER_PATH)}>{t('accountMaster.backToList')}</Button>}
      />
    );
  }
  // The address names the other role's page: go to the right one.
  if (user.role !== role) return <Navigate to={accountUpdatePath(user) ?? ACCOUNT_MASTER_PATH} replace />;

  const submit = async (values: UpdateValues) => {
    try {
      await update.mutateAsync({ id, body: values });
      void message.success(t('master_saved'));
      guard.allowNext();
      setFormKey((k) => k + 1);
    } catch (error) {
      showApiError({ error, t, message, form, fallbackCode: 'update_account_failed' });
    }
  };

  const confirmDelete = () =>
    deleteWithConfirm({
      id,
      title: t('accountMaster.deleteTitle'),
      content: (
        <Space direction="vertical">
          {messageText(t, 'confirm_delete', { name: user.accountName || user.email })}
          <Typography.Text type="secondary">{t('accountMaster.deleteNote')}</Typography.Text>
        </Space>
      ),
      okTestId: 'account-master-delete-ok',
      onDeleted: () => {
        guard.allowNext();
        navigate(ACCOUNT_MASTER_PATH, { replace: true });
      },
    });

  return (
    <Card
      title={t(
        role === 'TRANSPORT' ? 'accountMaster.updateTransportTitle' : 'accountMaster.updateWasteTitle',
        {
          id,
        },
      )}
      extra={<BackButton />}
      data-testid="account-master-edit"
    >
      <AccountInfoForm<UpdateValues>
        key={formKey}
        form={form}
        initialValues={toFormValues(user)}
        schema={adminUserUpdateSchema}
        beforeSections={
          <AccountMasterFields isNew={false} createdAt={user.createdAt} lastLoginAt={user.lastLoginAt} />
        }
        submitLabel={t('accountMaster.update')}
        submitting={update.isPending}
        onSubmit={(values) => void submit(values)}
        onValuesChange={guard.markDirty}
        extraActions={
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={confirmDelete}
            data-testid="account-master-delete"
          >
            {t('accountMaster.delete')}
          </Button>
        }
      />
    </Card>
  );
}

/** Register and update pages of the account master (discharger and transporter variants). */
export default function AccountMasterEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { pathname } = useLocation();
  const role: OperatorRole = pathname.includes(`${ACCOUNT_MASTER_PATH}/trans/`) ? 'TRANSPORT' : 'WASTE';
  if (id === undefined) return <RegisterAccount key={role} role={role} />;
  const userId = Number(id);
  if (!Number.isInteger(userId) || userId <= 0) {
    return (
      <Result
        status="404"
        title={t('accountMaster.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate(ACCOUNT_MASTER_PATH)}>
            {t('accountMaster.backToList')}
          </Button>
        }
      />
    );
  }
  return <UpdateAccount key={`${role}-${userId}`} id={userId} role={role} />;
}
