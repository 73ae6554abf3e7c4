import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { NEW_ENTRY_ID } from '@junkan/shared/api/users';
import { Button, Card, Form, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SECONDARY_TEXT } from '../../lib/antd-theme';
import { FieldGrid, type FieldSpec, Section } from './account-fields';

/** One repeatable block of the account form (offices, discharge sites), declared as data. */
export interface EntryListSpec<N extends string> {
  /** The Form.List name, which is also the field name in the request. */
  list: 'offices' | 'wastes';
  /** NEW_ENTRY_ID marks a new entry; any other id an existing, read-only one. */
  idField: N;
  /** The first field names the entry in the remove confirmation. */
  fields: readonly [FieldSpec<N>, ...FieldSpec<N>[]];
  shape: Record<N, z.ZodType>;
  /** i18n keys; `entry` takes the entry's number as {{n}}. */
  labels: { section: string; add: string; empty: string; entry: string };
  testIds: { add: string; block: string };
}

export function EntryList<N extends string>({
  spec,
  allowRemoveExisting,
}: {
  spec: EntryListSpec<N>;
  allowRemoveExisting?: boolean;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { list, idField, fields, labels } = spec;
  const empty = () => ({
    [idField]: NEW_ENTRY_ID,
    ...Object.fromEntries(fields.map((f) => [f.name, ''])),
  });

  return (
    <Form.List name={list}>
      {(entries, { add, remove }) => (
        <Section
          title={t(labels.section)}
          extra={
            <Button icon={<PlusOutlined />} onClick={() => add(empty())} data-testid={spec.testIds.add}>
              {t(labels.add)}
            </Button>
          }
        >
          {entries.length === 0 && <EmptyBlocks text={t(labels.empty)} />}
          {entries.map((entry, index) => {
            const base = [list, entry.name];
            const locked = form.getFieldValue([...base, idField]) !== NEW_ENTRY_ID;
            const copyFromCompany = () => {
              for (const f of fields) {
                if (f.fromCompany)
                  form.setFieldValue([...base, f.name], form.getFieldValue(f.fromCompany) ?? '');
              }
            };
            return (
              <Card
                key={entry.key}
                type="inner"
                size="small"
                title={<EntryTitle text={t(labels.entry, { n: index + 1 })} locked={locked} />}
                data-testid={spec.testIds.block}
                style={{ marginBottom: 12 }}
                extra={
                  locked ? (
                    allowRemoveExisting && (
                      <RemoveExistingButton
                        name={form.getFieldValue([...base, fields[0].name])}
                        onConfirm={() => remove(entry.name)}
                      />
                    )
                  ) : (
                    <Space>
                      <Button size="small" icon={<CopyOutlined />} onClick={copyFromCompany}>
                        {t('account.copyFromCompany')}
                      </Button>
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(entry.name)}
                      >
                        {t('common.remove')}
                      </Button>
                    </Space>
                  )
                }
              >
                <FieldGrid
                  fields={fields}
                  shape={spec.shape}
                  prefix={[entry.name]}
                  base={base}
                  disabled={locked}
                />
              </Card>
            );
          })}
        </Section>
      )}
    </Form.List>
  );
}

function EntryTitle({ text, locked }: { text: string; locked: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={8}>
      {text}
      {locked && <Tag>{t('accountUpdate.registered')}</Tag>}
    </Space>
  );
}

/** Removes an existing entry from the form after a confirmation; the server deletes it on save. */
function RemoveExistingButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('confirm_delete', { name })}
      description={t('accountUpdate.removeNote')}
      okText={t('common.remove')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button size="small" danger icon={<DeleteOutlined />} data-testid="remove-existing-entry">
        {t('common.remove')}
      </Button>
    </Popconfirm>
  );
}

function EmptyBlocks({ text }: { text: string }) {
  return <div style={{ color: SECONDARY_TEXT, padding: '8px 0' }}>{text}</div>;
}
