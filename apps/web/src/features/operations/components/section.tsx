import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One part of the operations screen: a card whose heading names the region and its table for assistive tech, and
 * says which clock its times are on: the business clock (`JUNKAN_CLOCK` when set: jobs, the network queue) or the
 * servers' own (process heartbeats, mail deliveries), which differ while a business clock is set.
 */
export function OperationsSection({
  id,
  title,
  clock,
  extra,
  children,
}: {
  id: string;
  title: string;
  clock: 'business' | 'machine';
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id}>
      <Card
        title={
          <h2 id={`${id}-title`} style={{ fontSize: 16, margin: 0 }}>
            {title}
          </h2>
        }
        extra={extra}
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary" data-testid={`${id}-clock`}>
            {t(`operations.clock.${clock}`)}
          </Typography.Text>
          {children}
        </Flex>
      </Card>
    </section>
  );
}
