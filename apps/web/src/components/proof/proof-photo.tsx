import type { Proof } from '@junkan/shared/api/drivers';
import { Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useProofPhoto } from '../../lib/proof-photo';

/** An object address for a blob while the component shows it, given back when it goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * The blob as a data: address for an <img> (the app's content policy lets images come from the app itself and
 * data: addresses, not from blob: ones).
 */
function useDataUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(blob);
    return () => {
      reader.abort();
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * A record's photo, loaded with the session's token (an <img> cannot send it), shown small with a link that
 * opens it whole in a new tab (a blob: address: a browser does not open a data: one in a tab).
 */
export function ProofPhoto({ proof, isTransport }: { proof: Proof; isTransport: boolean }) {
  const { t } = useTranslation();
  const photo = useProofPhoto(isTransport, proof.collectionId, proof.id);
  const url = useObjectUrl(photo.data);
  const shown = useDataUrl(photo.data);
  if (photo.isError) return <Typography.Text type="secondary">{t('proofs.photoFailed')}</Typography.Text>;
  if (!url || !shown) return <Typography.Text type="secondary">{t('proofs.photoLoading')}</Typography.Text>;
  return (
    <Flex vertical gap={4} align="flex-start">
      <img
        src={shown}
        alt={t('proofs.photoAlt', { driver: proof.driverName, time: formatDateTime(proof.markedAt) })}
        style={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 4 }}
        data-testid="proof-photo"
      />
      <Typography.Link href={url} target="_blank" rel="noopener">
        {t('proofs.openPhoto')}
      </Typography.Link>
    </Flex>
  );
}
