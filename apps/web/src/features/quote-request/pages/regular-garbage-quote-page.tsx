import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { useAccountInfo } from '../../../lib/account-info';
import { useWastes } from '../../../lib/reference-data/wastes';
import { LoadFailed } from '../components/load-state';
import { applySignupParams, emptyValues } from '../components/regular-form-values';
import { RegularQuoteEditor } from '../components/regular-quote-editor';

/** /new-quote-request/regular-garbage: a new regular garbage request, prefilled from sign-up's ?size=&num=&week=. */
export default function RegularGarbageQuotePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wastes = useWastes('REGULAR');
  const account = useAccountInfo(false);
  const initialValues = useMemo(() => {
    if (!wastes.data || !account.data) return null;
    const values = emptyValues(wastes.data.map((w) => w.id));
    // One site or office: chosen already.
    if (account.data.wastes.length === 1) values.dischargeSiteIds = [account.data.wastes[0]!.wasteId];
    if (account.data.offices.length === 1) values.officeId = account.data.offices[0]!.officeId;
    return applySignupParams(values, params);
  }, [wastes.data, account.data, params]);

  if (wastes.isError || account.isError)
    return (
      <LoadFailed
        title={t('quoteRequest.loadFailed')}
        onRetry={() => {
          void wastes.refetch();
          void account.refetch();
        }}
      />
    );
  if (!initialValues || !wastes.data || !account.data) return <PageSpinner />;
  return (
    <>
      <Typography.Title level={4}>{t('quoteRequest.regularTitle')}</Typography.Title>
      <RegularQuoteEditor
        projectId={null}
        initialValues={initialValues}
        wastes={wastes.data}
        account={account.data}
      />
    </>
  );
}
