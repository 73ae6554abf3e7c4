import { App, type ButtonProps, Form, type FormInstance, type FormProps, Modal, type ModalProps } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../lib/form-errors';
import { useToast } from '../lib/toast';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/**
 * The one question before an action that cannot be undone (a delete, a cancellation, a discard): its button red,
 * and focus on the way out, so that an Enter pressed by habit does nothing that cannot be taken back.
 */
export function confirmDestructive(
  modal: ModalApi,
  options: Omit<Parameters<ModalApi['confirm']>[0], 'okButtonProps' | 'autoFocusButton'>,
) {
  return modal.confirm({
    ...options,
    okButtonProps: { danger: true },
    autoFocusButton: 'cancel',
  });
}

type ConfirmOptions = Parameters<ModalApi['confirm']>[0];

/**
 * A confirmation that sends: `send` runs on its OK (the button loading meanwhile) and a refusal is handed to
 * `onRefused` only once the confirmation has closed and given focus back to the button that opened it. Shown from
 * inside the OK, the refusal would lose focus to that button; shown after, focus goes where it is told (the first
 * field in error, a banner: JIS X 8341-3 3.3.1), even when that lies far above the button.
 */
export function confirmSend(
  modal: ModalApi,
  {
    send,
    onRefused,
    ...options
  }: Omit<ConfirmOptions, 'onOk'> & { send: () => Promise<unknown>; onRefused: (error: unknown) => void },
) {
  let refusal: { error: unknown } | null = null;
  return modal.confirm({
    ...options,
    onOk: async () => {
      refusal = null;
      try {
        await send();
      } catch (error) {
        refusal = { error };
      }
    },
    afterClose: () => {
      options.afterClose?.();
      if (refusal) onRefused(refusal.error);
    },
  });
}

/** The one "discard unsaved input?" question; focus starts on keep-editing so Enter does not discard. */
export function confirmDiscard(
  modal: ModalApi,
  t: TFunction,
  handlers: { onOk: () => void; onCancel?: () => void },
): void {
  confirmDestructive(modal, {
    title: t('forms.discardTitle'),
    content: t('forms.discardContent'),
    okText: t('forms.discard'),
    cancelText: t('forms.continueEditing'),
    ...handlers,
  });
}

/**
 * Closing a form: ignored while it saves, at once when nothing was typed, else only after the discard
 * question. Returns the close request for Esc, the × and the cancel button.
 */
export function useDiscardGuard(form: FormInstance, saving: boolean, onClose: () => void): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return () => {
    if (saving) return;
    if (!form.isFieldsTouched()) return onClose();
    confirmDiscard(modal, t, { onOk: onClose });
  };
}

/**
 * Which row a register/edit modal shows (null: a new one). The row stays while the modal closes, so its
 * title does not change mid-animation; `key` changes with each opening, for modals that mount per opening.
 */
export function useFormModalTarget<T>() {
  const [state, setState] = useState<{ open: boolean; editing: T | null; key: number }>({
    open: false,
    editing: null,
    key: 0,
  });
  return {
    ...state,
    show: (editing: T | null) => setState((s) => ({ open: true, editing, key: s.key + 1 })),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}

type NamePath = (string | number)[];

export interface FormModalProps<Values, Saved>
  extends Omit<
    ModalProps,
    | 'onOk'
    | 'onCancel'
    | 'okButtonProps'
    | 'cancelButtonProps'
    | 'confirmLoading'
    | 'maskClosable'
    | 'destroyOnHidden'
    | 'modalRender'
  > {
  open: boolean;
  form: FormInstance<Values>;
  saving: boolean;
  onClose: () => void;
  initialValues?: Values;
  /** Sends the form; null when it is not sent (client checks already put errors on the fields). */
  save: (values: Values) => Promise<Saved> | null;
  /** After a save; closes by default. */
  onSaved?: (saved: Saved) => void;
  /** Server field names that differ from the form's paths. */
  errorFieldMap?: Record<string, NamePath>;
  submitTestId: string;
  formProps?: Omit<FormProps<Values>, 'form' | 'layout' | 'initialValues' | 'onFinish' | 'disabled'>;
  children: ReactNode;
}

/**
 * A master's register/edit dialog: the whole dialog is the form, so Enter submits; it asks before
 * unsaved input is thrown away and starts each opening from `initialValues` (the form instance outlives
 * the dialog's content).
 */
export function FormModal<Values, Saved = unknown>({
  open,
  form,
  saving,
  onClose,
  initialValues,
  save,
  onSaved,
  errorFieldMap,
  submitTestId,
  formProps,
  children,
  ...modalProps
}: FormModalProps<Values, Saved>) {
  const { t } = useTranslation();
  const message = useToast();
  const requestClose = useDiscardGuard(form, saving, onClose);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async (values: Values) => {
    const sending = save(values);
    if (!sending) return;
    try {
      const saved = await sending;
      void message.success(t('master_saved'));
      if (onSaved) onSaved(saved);
      else onClose();
    } catch (error) {
      showApiError({ error, t, message, form, fieldMap: errorFieldMap });
    }
  };

  return (
    <Modal
      cancelText={t('forms.cancel')}
      {...modalProps}
      open={open}
      onCancel={requestClose}
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit', 'data-testid': submitTestId } as ButtonProps}
      cancelButtonProps={{ disabled: saving }}
      maskClosable={false}
      destroyOnHidden
      modalRender={(node) => (
        <Form<Values>
          {...formProps}
          form={form}
          layout="vertical"
          initialValues={initialValues as FormProps<Values>['initialValues']}
          onFinish={submit}
          disabled={saving}
        >
          {node}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
