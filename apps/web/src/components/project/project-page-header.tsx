import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LinkButton } from '../link-button';
import { PageTitleBar } from '../page-title-bar';

/** The top of a page about one project: title, the way back to the project, and which project it is. */
export function ProjectPageHeader({
  title,
  backTo,
  backLabel,
  projectTitle,
  subtitle,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  projectTitle: string;
  subtitle: ReactNode;
}) {
  return (
    <>
      <PageTitleBar title={title}>
        <LinkButton to={backTo}>{backLabel}</LinkButton>
      </PageTitleBar>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Typography.Text strong>{projectTitle}</Typography.Text>
        <div>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
      </Card>
    </>
  );
}
