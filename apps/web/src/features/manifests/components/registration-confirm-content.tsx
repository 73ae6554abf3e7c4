import type { ManifestRegistrationInput, ManifestRegistrationOptions } from '@junkan/shared/api/manifests';
import type { WasteItem } from '@junkan/shared/api/waste';
import type { ManifestDifference } from '@junkan/shared/rules/manifest-agreement';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { registrationSummary } from '../registration-values';
import { ContractDifferences } from './contract-differences';

/** What the registration's confirmation shows: the differences from the contract, if any, then the choices. */
export function RegistrationConfirmContent({
  input,
  typedQuantity,
  differences,
  options,
  wastes,
}: {
  input: ManifestRegistrationInput;
  typedQuantity: string | undefined;
  differences: readonly ManifestDifference[];
  options: ManifestRegistrationOptions;
  wastes: readonly WasteItem[] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {differences.length > 0 && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ margin: '8px 0' }}
            title={t('manifests.register.differencesNote')}
          />
          <ContractDifferences differences={differences} />
        </>
      )}
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 8 }}
        items={registrationSummary(input, typedQuantity, options, wastes).map((line) => ({
          key: line.key,
          label: t(line.labelKey),
          children: line.text,
        }))}
      />
    </>
  );
}
