import { paths } from '@junkan/shared/paths';
import { useTranslation } from 'react-i18next';
import { isRefusal, LoadFailed as LoadFailedView, NotFound } from '../../../components/load-failed';

/** A failed load: a retry when trying again can help (not after a refusal), and always the way back to the list. */
export function LoadFailed({
  title,
  onRetry,
  error,
}: {
  title: string;
  onRetry: () => void;
  error?: unknown;
}) {
  const { t } = useTranslation();
  return (
    <LoadFailedView
      title={title}
      onRetry={isRefusal(error) ? undefined : onRetry}
      back={{ to: paths.projectManagement.to(), label: t('projects.backToList') }}
    />
  );
}

/** A draft address without a project this session can open. */
export function DraftNotFound() {
  const { t } = useTranslation();
  return (
    <NotFound
      title={t('projects.notFound')}
      back={{ to: paths.projectManagement.to(), label: t('projects.backToList') }}
    />
  );
}
