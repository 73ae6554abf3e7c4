import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A page's heading with what goes beside it (the way back, the page's main buttons). On a phone these wrap below
 * the heading; either way the page's content starts a gap below them, never flush against a button.
 */
export function PageTitleBar({
  title,
  titleTestId,
  children,
}: {
  title: ReactNode;
  titleTestId?: string;
  children?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid={titleTestId}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}
