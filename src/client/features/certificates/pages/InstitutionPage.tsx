// /manage/dataStatisticsManage/certificate/unit: the appraisal institutions whose codes go into certificate
// numbers. The manager creates, edits and deletes them; other administrators only read (the server enforces
// it, the buttons are hidden here). An institution that has issued certificates keeps its code and cannot be
// deleted: the form says why, and the server's refusal is shown in the delete dialog.
import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSignals } from '@preact/signals-react/runtime';
import { IconArrowLeft, IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../lib/api/errors.ts';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useProvinces } from '../../../lib/offline/reference-data.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { serverFieldErrors } from '../../../lib/utils/field-errors.ts';
import {
  countInstitutionCertificates,
  deleteInstitution,
  fetchColleges,
  fetchInstitutions,
  saveInstitution,
  type AppraisalInstitution,
} from '../api.ts';
import {
  EMPTY_INSTITUTION_FORM,
  institutionFormValues,
  parseInstitutionForm,
  provinceOptions,
  type InstitutionFormErrors,
  type InstitutionFormValues,
} from '../institution-form.ts';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { toastSuccess } from '../../../lib/toast.ts';

type Editing = AppraisalInstitution | 'new' | null;

function InstitutionModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const provinces = useProvinces();
  const [values, setValues] = useState<InstitutionFormValues>(EMPTY_INSTITUTION_FORM);
  const [errors, setErrors] = useState<InstitutionFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [issued, setIssued] = useState(0);
  const [colleges, setColleges] = useState<{ value: string; label: string }[]>([]);

  useEffect(() => {
    if (!editing) return;
    setValues(editing === 'new' ? EMPTY_INSTITUTION_FORM : institutionFormValues(editing));
    setErrors({});
    setIssued(0);
    let cancelled = false;
    fetchColleges().then(
      (list) => !cancelled && setColleges(list.map((c) => ({ value: String(c.id), label: c.name }))),
      () => undefined,
    );
    if (editing !== 'new')
      countInstitutionCertificates(editing.id).then(
        (n) => !cancelled && setIssued(n),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [editing]);

  const set = <K extends keyof InstitutionFormValues>(key: K, value: InstitutionFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const submit = async () => {
    const parsed = parseInstitutionForm(values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setSaving(true);
    try {
      await saveInstitution(editing && editing !== 'new' ? editing.id : null, parsed.input);
      toastSuccess(t('institutions.saved'));
      onSaved();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    } finally {
      setSaving(false);
    }
  };

  const codeLocked = editing !== 'new' && issued > 0;
  const collegeOptions =
    values.organization_id && !colleges.some((c) => c.value === values.organization_id)
      ? [
          {
            value: values.organization_id,
            label: (editing !== 'new' && editing?.organization_name) || values.organization_id,
          },
          ...colleges,
        ]
      : colleges;

  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? t('institutions.add') : t('institutions.edit')}
      size="lg"
      withinPortal
    >
      <Stack data-testid="institution-form">
        <TextInput
          label={t('institutions.name')}
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          data-testid="institution-name"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('institutions.code')}
            required
            maxLength={4}
            inputMode="numeric"
            value={values.code}
            error={errors.code}
            disabled={codeLocked}
            description={
              codeLocked ? t('institutions.codeLocked', { n: issued }) : t('institutions.codeHint')
            }
            onChange={(e) => set('code', e.currentTarget.value)}
            data-testid="institution-code"
          />
          <Select
            label={t('institutions.province')}
            required
            searchable
            data={provinceOptions(provinces.data, values.province_code)}
            value={values.province_code || null}
            error={errors.province_code}
            nothingFoundMessage={provinces.loading ? t('common.loading') : t('common.empty')}
            onChange={(v) => set('province_code', v ?? '')}
            data-testid="institution-province"
          />
          <TextInput
            label={t('institutions.siteCode')}
            required
            maxLength={6}
            inputMode="numeric"
            description={t('institutions.siteCodeHint')}
            value={values.site_code}
            error={errors.site_code}
            onChange={(e) => set('site_code', e.currentTarget.value)}
            data-testid="institution-site-code"
          />
        </SimpleGrid>
        <TextInput
          label={t('institutions.address')}
          value={values.address}
          error={errors.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          data-testid="institution-address"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('institutions.contact')}
            value={values.contact}
            error={errors.contact}
            onChange={(e) => set('contact', e.currentTarget.value)}
            data-testid="institution-contact"
          />
          <TextInput
            label={t('institutions.phone')}
            value={values.phone}
            error={errors.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            data-testid="institution-phone"
          />
        </SimpleGrid>
        <Select
          label={t('institutions.college')}
          description={t('institutions.collegeHint')}
          clearable
          searchable
          data={collegeOptions}
          value={values.organization_id || null}
          error={errors.organization_id}
          onChange={(v) => set('organization_id', v ?? '')}
          data-testid="institution-college"
        />
        <Switch
          label={t('institutions.enabled')}
          checked={values.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
          data-testid="institution-enabled"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void submit()} data-testid="institution-save">
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function InstitutionPage() {
  useSignals();
  const t = useT();
  const canWrite = adminSession.value.userInfo?.administrator_type === 'manager';
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const list = usePagedList((q) => fetchInstitutions({ ...q, keyword: debounced }), [debounced]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AppraisalInstitution | null>(null);
  const provinces = useProvinces();
  const provinceNames = new Map(provinces.data.map((p) => [p.code, p.name]));

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteInstitution(deleting.id);
    } catch (error) {
      // Refused (it issued certificates): the dialog shows the server's reason and stays open.
      const reason = error instanceof ApiError ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
      throw new Error(reason ?? (error instanceof Error ? error.message : ''));
    }
    toastSuccess(t('institutions.deleted'));
    list.reload();
  };

  const columns: ListColumn<AppraisalInstitution>[] = [
    {
      key: 'name',
      title: t('institutions.name'),
      render: (r) => (
        <Text fz="sm" fw={500} data-testid={`institution-row-${r.id}`}>
          {r.name}
        </Text>
      ),
    },
    {
      key: 'code',
      title: t('institutions.code'),
      render: (r) => (
        <Text fz="sm" ff="monospace">
          {r.code}
        </Text>
      ),
    },
    {
      key: 'region',
      title: t('institutions.provinceSite'),
      render: (r) => (
        <Text fz="sm">
          {provinceNames.get(r.province_code) ?? ''}{' '}
          <Text span ff="monospace" fz="sm">
            {r.province_code} / {r.site_code}
          </Text>
        </Text>
      ),
    },
    { key: 'address', title: t('institutions.address'), render: (r) => r.address || '—' },
    {
      key: 'contact',
      title: t('institutions.contact'),
      render: (r) => (r.contact || r.phone ? `${r.contact} ${r.phone}`.trim() : '—'),
    },
    { key: 'college', title: t('institutions.college'), render: (r) => r.organization_name ?? '—' },
    {
      key: 'enabled',
      title: t('institutions.state'),
      render: (r) => (
        <Badge variant="light" color={r.enabled ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
          {r.enabled ? t('institutions.enabled') : t('institutions.disabled')}
        </Badge>
      ),
    },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: '',
      align: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction
            label={t('institutions.edit')}
            icon={<IconEdit size={16} />}
            onClick={() => setEditing(r)}
            testId={`institution-edit-${r.id}`}
          />
          <RowAction
            label={t('institutions.delete')}
            icon={<IconTrash size={16} />}
            onClick={() => setDeleting(r)}
            color="red"
            testId={`institution-delete-${r.id}`}
          />
        </Group>
      ),
    });

  return (
    <Stack gap="md" data-testid="institution-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="lg">
          {t('institutions.title')}
        </Title>
        <Button
          component={Link}
          href="/manage/dataStatisticsManage/certificate"
          variant="subtle"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
        >
          {t('institutions.toCertificates')}
        </Button>
      </Group>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={14} />}
          placeholder={t('institutions.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          w={300}
          data-testid="institution-search"
        />
        {canWrite ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
            data-testid="institution-add"
          >
            {t('institutions.add')}
          </Button>
        ) : (
          <Text fz="xs" c="dimmed">
            {t('institutions.readOnly')}
          </Text>
        )}
      </Group>
      <ListTable
        columns={columns}
        {...pagedListProps(list)}
        rowKey={(r) => r.id}
        empty={<Text c="dimmed">{t('institutions.empty')}</Text>}
        data-testid="institutions-table"
      />
      <InstitutionModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('institutions.delete')}
        message={t('institutions.confirmDelete', { name: deleting?.name ?? '', code: deleting?.code ?? '' })}
        confirmLabel={t('institutions.delete')}
        color="red"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        testId="institution-delete-dialog"
      />
    </Stack>
  );
}
