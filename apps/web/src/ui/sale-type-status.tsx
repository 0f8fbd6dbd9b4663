import { Group, NativeSelect } from '@mantine/core';
import { SALE_STATUS_LABELS, SALE_STATUSES, SALE_TYPE_LABELS, SALE_TYPES, saleDialogWords, statusForType, type SaleStatus, type SaleType } from '@kuku/domain';

interface SaleTypeStatusProps {
  saleType: SaleType | '';
  status: SaleStatus | '';
  /** The status was chosen by hand (or the sale is an edit): it no longer follows the type. */
  statusPicked: boolean;
  /** A type chosen, with the status it brings while the status follows it (else null). */
  onSaleType: (type: SaleType, status: SaleStatus | '' | null) => void;
  /** A status chosen by hand. */
  onStatus: (status: SaleStatus) => void;
  errors: { sale_type?: string | undefined; status?: string | undefined };
  /** The disabled 'Select…' first options, for a form that may start empty. */
  placeholders?: { saleType: string; status: string };
}

/** A sale's type and status side by side, the status following the type until picked (statusForType): the sale form's and closing a batch's. */
export function SaleTypeStatus({ saleType, status, statusPicked, onSaleType, onStatus, errors, placeholders }: SaleTypeStatusProps) {
  return (
    <Group grow align="flex-start" gap="sm" wrap="nowrap">
      <NativeSelect
        label={saleDialogWords.saleType}
        withAsterisk
        data={[
          ...(placeholders ? [{ value: '', label: placeholders.saleType, disabled: true }] : []),
          ...SALE_TYPES.map((value) => ({ value, label: SALE_TYPE_LABELS[value] })),
        ]}
        value={saleType}
        onChange={(event) => {
          const type = event.currentTarget.value as SaleType;
          onSaleType(type, statusPicked ? null : statusForType(type));
        }}
        error={errors.sale_type}
      />
      <NativeSelect
        label={saleDialogWords.status}
        withAsterisk
        data={[
          ...(placeholders ? [{ value: '', label: placeholders.status, disabled: true }] : []),
          ...SALE_STATUSES.map((value) => ({ value, label: SALE_STATUS_LABELS[value] })),
        ]}
        value={status}
        onChange={(event) => onStatus(event.currentTarget.value as SaleStatus)}
        error={errors.status}
      />
    </Group>
  );
}
