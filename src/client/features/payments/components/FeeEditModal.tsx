// The fee form of one plan, in the kit's form panel (a modal: two fields). The new fee is typed in yuan and
// sent in fen with the reason; the shared fee schema checks it, and a 422 lands under its field. Closing with
// unsaved input asks first.
import { Alert, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import type { z } from '../../../../shared/api/zod.ts';
import { feeUpdateSchema } from '../../../../shared/payments/schema.ts';
import { readKey } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { updateFee, type PlanFee } from '../api.ts';

/** The read key of a plan's fee history (FeeHistoryDrawer), asked again after its fee changed. */
export const feeHistoryKey = (planId: number) => readKey('fee-history', planId);

const toFen = (yuan: number | string) =>
  yuan === '' || !Number.isFinite(Number(yuan)) ? undefined : Math.round(Number(yuan) * 100);

interface FeeFormValues {
  fee: number | string;
  reason: string;
}

interface FeeEditModalProps {
  /** The plan whose fee is edited; null: closed. */
  plan: PlanFee | null;
  onClose: () => void;
  onSaved: (plan: PlanFee) => void;
}

/** Keyed by the plan, so another plan opens with its own fee and an empty reason. */
export function FeeEditModal(props: FeeEditModalProps) {
  return <FeeEditForm key={props.plan?.plan_id ?? 'closed'} {...props} />;
}

function FeeEditForm({ plan, onClose, onSaved }: FeeEditModalProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<FeeFormValues, typeof feeUpdateSchema>({
    mode: 'controlled',
    initialValues: { fee: plan ? plan.fee_fen / 100 : '', reason: '' },
    schema: feeUpdateSchema,
    toInput: (values) => ({ fee_fen: toFen(values.fee), reason: values.reason }),
    fields: { fee_fen: 'fee' },
  });
  const change = useWrite(
    ({ planId, input }: { planId: number; input: z.output<typeof feeUpdateSchema> }) =>
      updateFee(planId, input),
    { invalidates: (_history, { planId }) => [feeHistoryKey(planId)] },
  );
  const save = handleSubmit(async (_values, input) => {
    if (!plan) return;
    await change.run({ planId: plan.plan_id, input });
    toastSuccess(t('payments.finance.feeSaved', { title: plan.title, fee: formatFen(input.fee_fen) }));
    onSaved(plan);
  });

  const newFen = toFen(form.values.fee);
  return (
    <FormDrawer
      variant="modal"
      opened={plan !== null}
      title={t('payments.finance.editFee')}
      onClose={onClose}
      onSubmit={() => save()}
      form={form}
      saving={submitting}
      submitLabel={t('payments.finance.saveFee')}
      submitTestId="fee-save"
      data-testid="fee-edit-modal"
    >
      {plan && (
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {plan.title}
          </Text>
          <Text size="sm" c="dimmed">
            {t('payments.finance.currentFee', { fee: formatFen(plan.fee_fen) })}
          </Text>
          <NumberInput
            label={t('payments.finance.newFee')}
            withAsterisk
            min={0}
            max={100000}
            decimalScale={2}
            prefix="¥"
            thousandSeparator=","
            {...form.getInputProps('fee')}
            description={
              newFen !== undefined && newFen !== plan.fee_fen
                ? t('payments.finance.feeChange', { from: formatFen(plan.fee_fen), to: formatFen(newFen) })
                : undefined
            }
            data-testid="fee-input"
          />
          <Textarea
            label={t('payments.finance.reason')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={200}
            {...form.getInputProps('reason')}
            data-testid="fee-reason"
          />
          <Alert color="blue" variant="light">
            {t('payments.finance.existingOrdersKeep')}
          </Alert>
        </Stack>
      )}
    </FormDrawer>
  );
}
