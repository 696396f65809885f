import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useSignals } from '@preact/signals-react/runtime';
import { IconAlertTriangle, IconDeviceFloppy, IconUserCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { LookupKind } from '../../../../shared/lookups/schema.ts';
import { profileUpdateSchema } from '../../../../shared/profile/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { useAreas, useCities, useLookup, useProvinces } from '../../../lib/offline/reference-data.ts';
import { setUserInfo } from '../../../lib/state/session.ts';
import { UploadField } from '../../../lib/uploads/UploadField.tsx';
import { fetchUserInfo, profileQuery, saveProfile, type LearnerProfile } from '../api.ts';
import { missingRequired, profileToValues, valuesToUpdate, type ProfileValues } from '../profile-form.ts';
import { toastSuccess } from '../../../lib/toast.ts';

const LOOKUP_FIELDS: { field: keyof ProfileValues; kind: LookupKind }[] = [
  { field: 'ethnic_group_id', kind: 'ethnicGroups' },
  { field: 'political_affiliation_id', kind: 'politicalAffiliations' },
  { field: 'educational_background_id', kind: 'educationalBackgrounds' },
  { field: 'user_source_id', kind: 'userSources' },
];

/** Only a path inside the user centre may be returned to (never an outside URL). */
function safeReturnPath(value: string | null): string | null {
  return value && /^\/userCenter(\/|$|\?)/.test(value) ? value : null;
}

function LookupSelect({
  kind,
  field,
  form,
  required,
}: {
  kind: LookupKind;
  field: keyof ProfileValues;
  form: UseFormReturnType<ProfileValues>;
  required: boolean;
}) {
  const t = useT();
  const list = useLookup(kind);
  return (
    <Select
      label={t(`profile.field.${field}`)}
      data={list.data.map((item) => ({ value: String(item.id), label: item.name }))}
      searchable
      required={required}
      nothingFoundMessage={list.loading ? t('common.loading') : t('common.empty')}
      placeholder={list.loading ? t('common.loading') : t('profile.choose')}
      error={form.errors[field] ?? (list.error ? t('common.loadFailed') : undefined)}
      rightSection={list.loading ? <Loader size="xs" /> : undefined}
      data-testid={`profile-${field}`}
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps(field)}
    />
  );
}

/**
 * `/userCenter/userInfo`: the profile that applying needs (403002 sends the learner here with
 * `?reason=403002&from=<page>`), with the lookup lists and the province → city → county cascade from the
 * offline reference data, and the 2-inch photo cropped on the device before upload.
 */
export default function ProfilePage() {
  useSignals();
  const t = useT();
  const search = new URLSearchParams(useSearch());
  const reason = search.get('reason');
  const welcome = search.get('welcome') === '1';
  const returnTo = safeReturnPath(search.get('from'));

  const query = useRead(profileQuery, { offline: true });
  const [profile, setProfile] = useState<LearnerProfile | null>(null);
  const [queued, setQueued] = useState(false);
  const initialized = useRef(false);

  const {
    form,
    submitting: saving,
    handleSubmit,
  } = useSchemaForm<ProfileValues>({
    mode: 'controlled',
    initialValues: profileToValues(emptyProfile()),
    schema: profileUpdateSchema,
    toInput: valuesToUpdate,
  });
  const values = form.getValues();

  useEffect(() => {
    if (!query.data) return;
    setProfile(query.data);
    // Fill the form once; a later refresh must not overwrite what the learner is typing.
    if (!initialized.current) {
      initialized.current = true;
      form.setValues(profileToValues(query.data));
      form.resetDirty();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form is stable; fill once per arrival of data
  }, [query.data]);

  const provinces = useProvinces();
  const cities = useCities(values.province_code);
  const areas = useAreas(values.city_code);
  const hasCities = !values.province_code || cities.loading || cities.data.length > 0;
  const hasAreas = !values.city_code || areas.loading || areas.data.length > 0;
  const missing = useMemo(
    () => missingRequired(values, { hasCities, hasAreas }),
    [values, hasCities, hasAreas],
  );

  const save = handleSubmit(async (submitted) => {
    const outcome = await saveProfile(valuesToUpdate(submitted), t('profile.title'));
    if (outcome.status === 'queued') {
      setQueued(true);
      return;
    }
    setQueued(false);
    setProfile(outcome.result);
    form.resetDirty(profileToValues(outcome.result));
    toastSuccess(t('profile.saved'));
    query.refresh();
    void fetchUserInfo()
      .then((info) => setUserInfo('learner', info))
      .catch(() => undefined);
  });

  if (!profile && query.refreshing) {
    return (
      <Center mih="40vh" data-testid="profile-loading">
        <Loader />
      </Center>
    );
  }
  if (!profile) {
    return (
      <Alert color="red" title={t('common.loadFailed')} data-testid="profile-error">
        <Button size="xs" variant="light" color="red" onClick={query.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }

  const complete = missing.length === 0;
  const cityOptions = cities.data.map((region) => ({ value: region.code, label: region.name }));
  const areaOptions = areas.data.map((region) => ({ value: region.code, label: region.name }));

  return (
    <Box component="form" onSubmit={save} noValidate data-testid="profile-page" pb={{ base: 72, sm: 0 }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} fz="lg">
            {t('profile.title')}
          </Title>
          <StaleBadge
            fetchedAt={query.fetchedAt}
            stale={query.stale}
            offline={query.offline}
            refreshing={query.refreshing}
          />
        </Group>

        {welcome && (
          <Alert color="teal" icon={<IconUserCheck size={18} />} data-testid="profile-welcome">
            {t('profile.welcome')}
          </Alert>
        )}
        {!complete ? (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={reason === '403002' ? t('profile.incompleteForApply') : t('profile.incomplete')}
            data-testid="profile-missing"
          >
            <List size="sm">
              {missing.map((field) => (
                <List.Item key={field}>{t(`profile.field.${field}`)}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          (reason || returnTo) &&
          !form.isDirty() && (
            <Alert color="teal" data-testid="profile-complete">
              <Group justify="space-between" gap="sm">
                <Text fz="sm">{t('profile.completeNow')}</Text>
                {returnTo && (
                  <Button component={Link} href={returnTo} size="xs" data-testid="profile-continue">
                    {t('profile.continue')}
                  </Button>
                )}
              </Group>
            </Alert>
          )
        )}
        {queued && (
          <Alert color="gray" data-testid="profile-queued">
            {t('profile.queued')}
          </Alert>
        )}

        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t('profile.account')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text fz="sm">
              <Text span c="dimmed">
                {t('auth.signUp.username')}:{' '}
              </Text>
              {profile.username}
            </Text>
            <Text fz="sm">
              <Text span c="dimmed">
                {t('auth.signUp.phone')}:{' '}
              </Text>
              {profile.phone}
            </Text>
            <Text fz="sm">
              <Text span c="dimmed">
                {t('auth.signUp.idCard')}:{' '}
              </Text>
              {profile.id_card}
            </Text>
            {profile.birth_date && (
              <Text fz="sm">
                <Text span c="dimmed">
                  {t('profile.birthDate')}:{' '}
                </Text>
                {profile.birth_date}
              </Text>
            )}
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t('profile.photos')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <UploadField
              kind="photo"
              crop
              required
              label={t('profile.field.photo')}
              hint={t('profile.photoHint')}
              value={values.photo_upload_id ? { url: values.photo_url, mime: 'image/jpeg' } : null}
              error={form.errors.photo_upload_id as string | undefined}
              onUploaded={(upload) => {
                form.setFieldValue('photo_upload_id', upload.id);
                form.setFieldValue('photo_url', upload.url);
                // The 2-inch photo doubles as the avatar until the learner chooses another.
                if (!form.getValues().avatar_upload_id) {
                  form.setFieldValue('avatar_upload_id', upload.id);
                  form.setFieldValue('avatar_url', upload.url);
                }
              }}
              testId="profile-photo"
            />
            <UploadField
              kind="avatar"
              label={t('profile.avatar')}
              hint={t('profile.avatarHint')}
              value={values.avatar_upload_id ? { url: values.avatar_url } : null}
              error={form.errors.avatar_upload_id as string | undefined}
              onUploaded={(upload) => {
                form.setFieldValue('avatar_upload_id', upload.id);
                form.setFieldValue('avatar_url', upload.url);
              }}
              testId="profile-avatar"
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t('profile.basic')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('profile.field.real_name')}
              required
              autoComplete="name"
              data-testid="profile-real_name"
              {...form.getInputProps('real_name')}
            />
            <Radio.Group
              label={t('profile.field.sex')}
              required
              data-testid="profile-sex"
              {...form.getInputProps('sex')}
            >
              <Group mt={8}>
                <Radio value="male" label={t('profile.sex.male')} data-testid="profile-sex-male" />
                <Radio value="female" label={t('profile.sex.female')} data-testid="profile-sex-female" />
              </Group>
            </Radio.Group>
            {LOOKUP_FIELDS.map(({ field, kind }) => (
              <LookupSelect key={field} kind={kind} field={field} form={form} required />
            ))}
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t('profile.region')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('profile.field.province_code')}
              required
              searchable
              data={provinces.data.map((region) => ({ value: region.code, label: region.name }))}
              placeholder={provinces.loading ? t('common.loading') : t('profile.choose')}
              data-testid="profile-province"
              {...form.getInputProps('province_code')}
              onChange={(code) => {
                form.setFieldValue('province_code', code);
                form.setFieldValue('city_code', null);
                form.setFieldValue('area_code', null);
              }}
            />
            <Select
              label={t('profile.field.city_code')}
              required={hasCities}
              searchable
              disabled={!values.province_code || (!cities.loading && cityOptions.length === 0)}
              data={cityOptions}
              placeholder={
                cities.loading
                  ? t('common.loading')
                  : values.province_code && cityOptions.length === 0
                    ? t('profile.noSubRegion')
                    : t('profile.choose')
              }
              data-testid="profile-city"
              {...form.getInputProps('city_code')}
              onChange={(code) => {
                form.setFieldValue('city_code', code);
                form.setFieldValue('area_code', null);
              }}
            />
            <Select
              label={t('profile.field.area_code')}
              required={Boolean(values.city_code) && hasAreas}
              searchable
              disabled={!values.city_code || (!areas.loading && areaOptions.length === 0)}
              data={areaOptions}
              placeholder={
                areas.loading
                  ? t('common.loading')
                  : values.city_code && areaOptions.length === 0
                    ? t('profile.noSubRegion')
                    : t('profile.choose')
              }
              data-testid="profile-area"
              {...form.getInputProps('area_code')}
            />
          </SimpleGrid>
          <Stack gap="sm" mt="sm">
            <TextInput
              label={t('profile.field.address')}
              required
              autoComplete="street-address"
              data-testid="profile-address"
              {...form.getInputProps('address')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('profile.employer')}
                autoComplete="organization"
                data-testid="profile-employer"
                {...form.getInputProps('employer')}
              />
              <TextInput
                label={t('profile.email')}
                type="email"
                autoComplete="email"
                data-testid="profile-email"
                {...form.getInputProps('email')}
              />
            </SimpleGrid>
            <Textarea
              label={t('profile.introduction')}
              autosize
              minRows={2}
              maxRows={5}
              maxLength={500}
              data-testid="profile-introduction"
              {...form.getInputProps('introduction')}
            />
          </Stack>
        </Paper>

        <Box
          pos={{ base: 'fixed', sm: 'static' }}
          bottom={0}
          left={0}
          right={0}
          style={{ zIndex: 50 }}
          bg={{ base: 'white', sm: 'transparent' }}
          p={{ base: 'sm', sm: 0 }}
        >
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={saving}
              leftSection={<IconDeviceFloppy size={16} />}
              fullWidth={false}
              data-testid="profile-save"
            >
              {t('profile.save')}
            </Button>
          </Group>
        </Box>
      </Stack>
    </Box>
  );
}

function emptyProfile(): LearnerProfile {
  return {
    id: 0,
    username: '',
    phone: '',
    id_card: '',
    real_name: '',
    sex: null,
    sex_name: '',
    birth_date: null,
    ethnic_group_id: null,
    ethnic_group_name: '',
    political_affiliation_id: null,
    political_affiliation_name: '',
    educational_background_id: null,
    educational_background_name: '',
    user_source_id: null,
    user_source_name: '',
    province_code: null,
    province_name: '',
    city_code: null,
    city_name: '',
    area_code: null,
    area_name: '',
    address: '',
    employer: '',
    email: '',
    introduction: '',
    avatar: '',
    avatar_upload_id: null,
    photo: '',
    photo_upload_id: null,
    complete: false,
    missing_fields: [],
  };
}
