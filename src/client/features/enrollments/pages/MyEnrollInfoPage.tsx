import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockHour4,
  IconCreditCard,
  IconFileTypePdf,
  IconPhotoOff,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ERROR_CODES } from '../../../../shared/api/errors.ts';
import type { EnrollmentCreateInput } from '../../../../shared/enrollments/schema.ts';
import { isBusinessRefusal, type BusinessRefusal } from '../../../lib/api/errors.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { openPrivateFile, usePrivateFileUrl } from '../../../lib/uploads/use-private-file.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import {
  applyForPlan,
  cancelEnrollment,
  createOrder,
  fetchApplicantProfile,
  fetchEnrollment,
  fetchPlan,
  payOrder,
  updateEnrollment,
  type ApplicantProfile,
  type EnrollmentDetail,
} from '../api.ts';
import { prefillForm } from '../enrollment-form.ts';
import { EDITABLE_STATES } from '../enrollment-state.ts';
import { isoDateTime as dateTimeText } from '../../../lib/utils/iso-time.ts';
import { ApplicationAnswers } from '../components/ApplicationForm.tsx';
import { ApplicationEditor, type MaterialUploads } from '../components/ApplicationEditor.tsx';
import { PlanSummary } from '../components/PlanSummary.tsx';
import { StateBadge } from '../components/StateBadge.tsx';
import { toastSuccess } from '../../../lib/toast.ts';

const here = () => `${window.location.pathname}${window.location.search}`;
/** 403002: the profile page, with a notice and the way back here. */
const profilePath = () => `/userCenter/userInfo?reason=403002&from=${encodeURIComponent(here())}`;

function Loading() {
  return (
    <Center mih="30vh" data-testid="application-loading">
      <Loader />
    </Center>
  );
}

function LoadFailed({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const t = useT();
  return (
    <Alert color="red" title={t('common.loadFailed')} data-testid="application-load-error">
      <Stack gap="xs" align="flex-start">
        {message && <Text fz="sm">{message}</Text>}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** 403003 and the other reasons a plan takes no application now. */
function ClosedNotice({ message }: { message: string }) {
  const t = useT();
  return (
    <Alert
      color="orange"
      icon={<IconClockHour4 size={18} />}
      title={t('enrollments.apply.closedTitle')}
      data-testid="application-closed"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{message}</Text>
        <Anchor component={Link} href="/userCenter/myEnroll" fz="sm">
          {t('enrollments.apply.otherPlans')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

function ProfileIncompleteNotice({ profile }: { profile: ApplicantProfile }) {
  const t = useT();
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('profile.incompleteForApply')}
      data-testid="application-profile-incomplete"
    >
      <List size="sm" mb="sm">
        {profile.missing_fields.map((item) => (
          <List.Item key={item.field}>{t(`profile.field.${item.field}`)}</List.Item>
        ))}
      </List>
      <Button component={Link} href={profilePath()} size="xs" data-testid="application-complete-profile">
        {t('profile.completeAction')}
      </Button>
    </Alert>
  );
}

/** Handles a 403 refusal answered as data (spec §8): 403002 goes to the profile, 403003 is shown here. */
function useRefusalHandler(): [string | null, (refusal: BusinessRefusal) => void] {
  const [, navigate] = useLocation();
  const [closed, setClosed] = useState<string | null>(null);
  const handle = (refusal: BusinessRefusal) => {
    if (refusal.code === ERROR_CODES.profileIncomplete) navigate(profilePath());
    else setClosed(refusal.message);
  };
  return [closed, handle];
}

/** `myEnrollInfo?plan_id=`: a new application to an open plan. */
function NewApplication({ planId }: { planId: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [closed, handleRefusal] = useRefusalHandler();
  const read = useRead({
    key: readKey('apply-to-plan', planId),
    fetch: async () => {
      const [plan, profile] = await Promise.all([fetchPlan(planId), fetchApplicantProfile()]);
      return { plan, profile };
    },
  });
  // Already applied (and not withdrawn): that application is the page to show.
  const applied = read.data?.plan.my_enrollment;
  const appliedId = applied && applied.state !== 'cancelled' ? applied.id : null;
  useEffect(() => {
    if (appliedId !== null) navigate(`/userCenter/myEnrollInfo?id=${appliedId}`, { replace: true });
  }, [appliedId, navigate]);

  if (!read.data || appliedId !== null)
    return read.error !== null && !read.refreshing ? <LoadFailed onRetry={read.refresh} /> : <Loading />;
  const { plan, profile } = read.data;

  const submit = async (body: Omit<EnrollmentCreateInput, 'plan_id'>) => {
    const answer = await applyForPlan({ plan_id: plan.id, ...body });
    if (isBusinessRefusal(answer)) {
      handleRefusal(answer);
      return;
    }
    toastSuccess(t('enrollments.apply.submitted'));
    navigate(`/userCenter/myEnrollInfo?id=${answer.id}`, { replace: true });
  };

  let body: ReactNode;
  if (closed) body = <ClosedNotice message={closed} />;
  else if (!plan.registration_open) body = <ClosedNotice message={t('enrollments.apply.notOpen')} />;
  else if (plan.seats_left <= 0) body = <ClosedNotice message={t('portal.full')} />;
  else if (!profile.complete) body = <ProfileIncompleteNotice profile={profile} />;
  else
    body = (
      <ApplicationEditor
        fields={plan.form_fields}
        requiredMaterials={plan.required_materials}
        initialValues={prefillForm(plan.form_fields, profile)}
        initialUploads={{}}
        profilePhotoUrl={profile.photo_upload_id ? profile.photo : null}
        submitLabel={t('enrollments.apply.submit')}
        onSubmit={submit}
      />
    );

  return (
    <Stack gap="md" data-testid="application-new">
      <PlanSummary
        plan={{
          title: plan.title,
          occupation: plan.occupation.name,
          levelName: plan.level_name,
          organization: plan.organization.name,
          feeFen: plan.fee_fen,
          registrationEndsAt: plan.registration_ends_at,
          examStartsAt: plan.exam_starts_at,
        }}
      />
      {body}
    </Stack>
  );
}

function MaterialPreview({ label, url, mime }: { label: string; url: string; mime: string }) {
  const image = usePrivateFileUrl(mime.startsWith('image/') ? url : null);
  return (
    <Paper withBorder radius="md" p="xs">
      <Text fz="xs" c="dimmed" mb={4}>
        {label}
      </Text>
      {mime.startsWith('image/') ? (
        image.src ? (
          <img src={image.src} alt={label} style={{ width: '100%', maxHeight: 140, objectFit: 'contain' }} />
        ) : (
          <Center h={80}>
            {image.loading ? (
              <Loader size="xs" />
            ) : (
              <IconPhotoOff size={24} color="var(--mantine-color-gray-5)" />
            )}
          </Center>
        )
      ) : (
        <Anchor component="button" type="button" fz="sm" onClick={() => void openPrivateFile(url)}>
          <Group gap={4}>
            <IconFileTypePdf size={18} /> PDF
          </Group>
        </Anchor>
      )}
    </Paper>
  );
}

/** `myEnrollInfo?id=`: one application, its review result and what comes next. */
function ExistingApplication({ id }: { id: number }) {
  const t = useT();
  const query = useRead(
    { key: readKey('enrollment', id), fetch: () => fetchEnrollment(id) },
    { offline: true },
  );
  const [closed, handleRefusal] = useRefusalHandler();
  const [paying, setPaying] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const detail: EnrollmentDetail | undefined = query.data;
  if (!detail)
    return query.refreshing ? (
      <Loading />
    ) : (
      <LoadFailed
        onRetry={query.refresh}
        message={query.error instanceof Error ? query.error.message : undefined}
      />
    );

  const editable = EDITABLE_STATES.includes(detail.state) && detail.plan.state === 'published';
  const uploads: MaterialUploads = {};
  for (const material of detail.materials) {
    uploads[material.key] = {
      id: material.upload.id,
      url: material.upload.url,
      mime: material.upload.mime,
      name: material.upload.original_name,
    };
  }

  const resubmit = async (body: Omit<EnrollmentCreateInput, 'plan_id'>) => {
    const answer = await updateEnrollment(detail.id, body);
    if (isBusinessRefusal(answer)) {
      handleRefusal(answer);
      return;
    }
    toastSuccess(
      detail.state === 'rejected' ? t('enrollments.apply.resubmitted') : t('enrollments.apply.updated'),
    );
    query.refresh();
  };

  const pay = async () => {
    setPaying(true);
    try {
      const order = await createOrder(detail.id);
      if (order.state !== 'pending') {
        query.refresh();
        return;
      }
      const { pay_url } = await payOrder(order.order_no);
      // The gateway's own page; it brings the learner back to the orders page when done.
      window.location.assign(pay_url);
    } catch {
      // The api client has shown the message.
    } finally {
      setPaying(false);
    }
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelEnrollment(detail.id);
      setConfirmCancel(false);
      toastSuccess(t('enrollments.apply.cancelledDone'));
      query.refresh();
    } catch {
      // Shown by the api client.
    } finally {
      setCancelling(false);
    }
  };

  let status: ReactNode = null;
  switch (detail.state) {
    case 'submitted':
      status = (
        <Alert
          color="blue"
          icon={<IconClockHour4 size={18} />}
          title={t('enrollments.apply.waitReview')}
          data-testid="application-status"
        >
          <Group justify="space-between" gap="xs">
            <Text fz="sm">{t('enrollments.apply.waitReviewText')}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => setConfirmCancel(true)}
              data-testid="application-cancel"
            >
              {t('enrollments.apply.withdraw')}
            </Button>
          </Group>
        </Alert>
      );
      break;
    case 'rejected':
      status = (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('enrollments.apply.rejected')}
          data-testid="application-status"
        >
          <Text fz="sm" fw={500} data-testid="application-reject-reason">
            {t('enrollments.apply.reason')}: {detail.review_reason}
          </Text>
          <Text fz="sm" mt={4}>
            {t('enrollments.apply.rejectedText')}
          </Text>
        </Alert>
      );
      break;
    case 'approved':
      status = (
        <Alert
          color="orange"
          icon={<IconCreditCard size={18} />}
          title={t('enrollments.apply.approved')}
          data-testid="application-status"
        >
          <Group justify="space-between" gap="xs">
            <Text fz="sm">{t('enrollments.apply.payText', { amount: formatFen(detail.plan.fee_fen) })}</Text>
            <Button size="sm" loading={paying} onClick={() => void pay()} data-testid="application-pay">
              {t('enrollments.apply.payNow', { amount: formatFen(detail.plan.fee_fen) })}
            </Button>
          </Group>
        </Alert>
      );
      break;
    case 'cancelled':
      status = (
        <Alert color="gray" title={t('enrollments.state.cancelled')} data-testid="application-status">
          <Anchor component={Link} href={`/userCenter/myEnrollInfo?plan_id=${detail.plan.id}`} fz="sm">
            {t('enrollments.apply.applyAgain')}
          </Anchor>
        </Alert>
      );
      break;
    default:
      status = (
        <Alert
          color="teal"
          icon={<IconCircleCheck size={18} />}
          title={t(`enrollments.state.${detail.state}`)}
          data-testid="application-status"
        >
          <Stack gap={4}>
            {detail.paid_at && (
              <Text fz="sm" data-testid="application-paid">
                {t('enrollments.apply.paidAt', { time: dateTimeText(detail.paid_at) })}
              </Text>
            )}
            {detail.order && (
              <Anchor
                component={Link}
                href={`/userCenter/myOrder?order_no=${detail.order.order_no}`}
                fz="sm"
                data-testid="application-receipt"
              >
                {t('payments.viewReceipt')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      );
  }

  return (
    <Stack gap="md" data-testid="application-detail" data-state={detail.state}>
      <Group justify="flex-end" mih={0}>
        <StaleBadge
          fetchedAt={query.fetchedAt}
          stale={query.stale}
          offline={query.offline}
          refreshing={query.refreshing}
        />
      </Group>
      <PlanSummary
        plan={{
          title: detail.plan.title,
          occupation: detail.plan.occupation_name,
          levelName: detail.plan.level_name,
          organization: detail.plan.organization_name,
          feeFen: detail.plan.fee_fen,
          registrationEndsAt: detail.plan.registration_ends_at,
          examStartsAt: detail.plan.exam_starts_at,
        }}
        badge={<StateBadge state={detail.state} />}
      />
      <Text fz="xs" c="dimmed">
        {t('enrollments.apply.submittedAt', { time: dateTimeText(detail.submitted_at) })}
        {detail.on_behalf ? ` · ${t('enrollments.apply.onBehalf')}` : ''}
      </Text>
      {closed ? <ClosedNotice message={closed} /> : status}
      {editable && !query.stale ? (
        <ApplicationEditor
          key={`${detail.id}-${detail.submitted_at}`}
          fields={detail.form_fields}
          requiredMaterials={detail.required_materials}
          initialValues={prefillForm(detail.form_fields, null, detail.form)}
          initialUploads={uploads}
          profilePhotoUrl={null}
          submitLabel={
            detail.state === 'rejected' ? t('enrollments.apply.resubmit') : t('enrollments.apply.saveChanges')
          }
          onSubmit={resubmit}
        />
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {t('enrollments.apply.formTitle')}
            </Text>
            <ApplicationAnswers fields={detail.form_fields} form={detail.form} />
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {t('enrollments.apply.materialsTitle')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="application-materials">
              {detail.materials.map((material) => (
                <MaterialPreview
                  key={material.key}
                  label={t(`candidateFiles.material.${material.key}`)}
                  url={material.upload.url}
                  mime={material.upload.mime}
                />
              ))}
            </SimpleGrid>
          </Paper>
        </>
      )}
      <Modal
        opened={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={t('common.tip')}
        centered
        size="sm"
      >
        <Text fz="sm">{t('enrollments.apply.withdrawConfirm')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmCancel(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={cancelling}
            onClick={() => void cancel()}
            data-testid="application-cancel-confirm"
          >
            {t('enrollments.apply.withdraw')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** `/userCenter/myEnrollInfo`: `?plan_id=` applies to a plan, `?id=` shows one application. */
export default function MyEnrollInfoPage() {
  const t = useT();
  const search = new URLSearchParams(useSearch());
  const id = Number(search.get('id')) || null;
  const planId = Number(search.get('plan_id')) || null;
  if (id) return <ExistingApplication key={id} id={id} />;
  if (planId) return <NewApplication key={planId} planId={planId} />;
  return (
    <Alert color="gray" data-testid="application-missing">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t('enrollments.apply.nothingChosen')}</Text>
        <Button component={Link} href="/userCenter/myEnroll" size="xs">
          {t('userCenter.nav.myEnroll')}
        </Button>
      </Stack>
    </Alert>
  );
}
