import { paths } from '@junkan/shared/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../lib/form-errors';
import { primePermissions } from '../../../lib/permissions';
import { keepAdminToken, setToken } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { adminCompaniesQueryOptions, createOperatorToken, type OperatorType } from '../api/companies';

/** Section 9 constant: the company list is at most 382px high. */
const LIST_MAX_HEIGHT = 382;

export default function AccountSelectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useToast();
  const [type, setType] = useState<OperatorType>('WASTE');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const companies = useQuery(adminCompaniesQueryOptions(type));

  const confirm = useMutation({
    mutationFn: async (id: number) => {
      const { token } = await createOperatorToken(id, type);
      await primePermissions(queryClient, token);
      return token;
    },
    onSuccess: (token) => {
      keepAdminToken();
      setToken(token);
      navigate(paths.home.to(), { replace: true });
    },
    onError: () => toastError(message, t, 'MSG_00_01'),
  });

  const submit = (id: number | null) => {
    if (id !== null && !confirm.isPending) confirm.mutate(id);
  };

  return (
    <Card title={t('accountSelection.title')} style={{ maxWidth: 640 }}>
      <Flex vertical gap={16}>
        <Radio.Group
          data-testid="account-selection-type"
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            setSelectedId(null);
          }}
          options={[
            { value: 'WASTE', label: t('accountSelection.waste') },
            { value: 'TRANSPORT', label: t('accountSelection.transport') },
          ]}
        />
        <div
          data-testid="account-selection-list"
          role="listbox"
          aria-label={t('accountSelection.listLabel')}
          style={{
            maxHeight: LIST_MAX_HEIGHT,
            overflowY: 'auto',
            border: '1px solid #f0f0f0',
            borderRadius: 8,
          }}
        >
          {companies.isLoading ? (
            <Flex justify="center" style={{ padding: 24 }}>
              <Spin />
            </Flex>
          ) : (companies.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ padding: 24 }} />
          ) : (
            (companies.data ?? []).map((c) => {
              const isSelected = c.id === selectedId;
              return (
                <div
                  key={c.id}
                  role="option"
                  tabIndex={0}
                  aria-selected={isSelected}
                  data-testid="account-selection-item"
                  onClick={() => setSelectedId(c.id)}
                  onDoubleClick={() => {
                    setSelectedId(c.id);
                    submit(c.id);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') submit(c.id);
                    if (e.key === ' ') setSelectedId(c.id);
                  }}
                  style={{
                    padding: '10px 16px',
                    cursor: 'pointer',
                    borderBottom: '1px solid #f5f5f5',
                    background: isSelected ? '#e6f4ec' : undefined,
                    fontWeight: isSelected ? 600 : undefined,
                  }}
                >
                  <Typography.Text>{c.name}</Typography.Text>
                </div>
              );
            })
          )}
        </div>
        <Flex justify="flex-end">
          <Button
            type="primary"
            data-testid="account-selection-confirm"
            disabled={selectedId === null}
            loading={confirm.isPending}
            onClick={() => submit(selectedId)}
          >
            {t('accountSelection.confirm')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
