import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';

/** One part of the operations screen: a card whose heading names the region and its table for assistive tech. */
export function OperationsSection({
  id,
  title,
  extra,
  children,
}: {
  id: string;
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
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
          {children}
        </Flex>
      </Card>
    </section>
  );
}
