// `certificates-issue` (founder and manager): issues certificates to the plan's passers once the scores are
// published. When several appraisal institutions are enabled the administrator picks the issuer (the one
// linked to the plan's college is preselected); the success notice lists the new certificate numbers.
import { Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { fetchInstitutions, issueCertificates, type AppraisalInstitution } from '../api.ts';
import { GuardedButton } from '../../../lib/components/GuardedButton.tsx';

/** Numbers shown in the notice at most; the certificate list has them all. */
const NOTICE_NUMBERS = 10;

export interface IssueCertificatesProps {
  planId: number;
  /** The plan's college, whose linked institution is the default issuer. */
  organizationId: number | null;
  passed: number;
  /** Message key saying why issuing is not possible now, or null. */
  blockedKey: string | null;
  onIssued: () => void;
}

/** The institution preselected: the one linked to the college, else the only one. */
export function defaultInstitution(
  institutions: readonly AppraisalInstitution[],
  organizationId: number | null,
): AppraisalInstitution | null {
  const linked = institutions.find((i) => organizationId !== null && i.organization_id === organizationId);
  if (linked) return linked;
  return institutions.length === 1 ? (institutions[0] ?? null) : null;
}

export function IssueCertificates({
  planId,
  organizationId,
  passed,
  blockedKey,
  onIssued,
}: IssueCertificatesProps) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const answer = useRead({ key: 'appraisal-institutions', fetch: fetchInstitutions }).data;
  const institutions = useMemo(() => answer?.data.filter((i) => i.enabled) ?? [], [answer]);
  // The administrator's pick, for the college it was made under; else the default issuer.
  const [picked, setPicked] = useState<{ organizationId: number | null; id: number | null } | null>(null);
  const institutionId =
    picked && picked.organizationId === organizationId
      ? picked.id
      : (defaultInstitution(institutions, organizationId)?.id ?? null);
  const chosen = useMemo(
    () => institutions.find((i) => i.id === institutionId) ?? null,
    [institutions, institutionId],
  );
  const reason =
    blockedKey ?? (institutions.length > 1 && !chosen ? 'scores.blocked.chooseInstitution' : null);

  const issue = async () => {
    const answer = await issueCertificates(planId, chosen ? { institution_id: chosen.id } : {});
    const shown = answer.numbers.slice(0, NOTICE_NUMBERS).join('、');
    const more = answer.numbers.length > NOTICE_NUMBERS ? ' …' : '';
    notifications.show({
      color: answer.issued ? 'green' : 'blue',
      title: answer.issued ? t('scores.certificates.done', { count: answer.issued }) : undefined,
      message: answer.issued
        ? t('scores.certificates.numbers', { numbers: shown + more })
        : t('scores.certificates.none'),
      autoClose: answer.issued ? 10_000 : 5_000,
    });
    onIssued();
  };

  return (
    <Group gap="xs" wrap="nowrap">
      {institutions.length > 1 && (
        <Select
          w={220}
          aria-label={t('scores.certificates.institution')}
          placeholder={t('scores.certificates.institutionPlaceholder')}
          data={institutions.map((i) => ({ value: String(i.id), label: `${i.name}（${i.code}）` }))}
          value={institutionId ? String(institutionId) : null}
          onChange={(value) => setPicked({ organizationId, id: value ? Number(value) : null })}
          disabled={blockedKey !== null}
          data-testid="certificates-institution"
        />
      )}
      <GuardedButton
        color="teal"
        leftSection={<IconCertificate size={16} />}
        blockedBy={reason ? t(reason) : null}
        onClick={() => setConfirming(true)}
        data-testid="certificates-issue"
      >
        {t('scores.certificates.button')}
      </GuardedButton>
      <ConfirmDialog
        opened={confirming}
        title={t('scores.certificates.title')}
        message={
          <>
            {t('scores.certificates.message', { count: passed })}
            {chosen && (
              <Text span display="block" mt="xs" fw={500}>
                {t('scores.certificates.issuer', { name: chosen.name })}
              </Text>
            )}
          </>
        }
        confirmLabel={t('scores.certificates.confirm')}
        color="teal"
        onConfirm={issue}
        onClose={() => setConfirming(false)}
        testId="certificates-issue-dialog"
      />
    </Group>
  );
}
