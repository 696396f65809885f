// Adds or edits a portal banner: the image cropped to the banner ratio and uploaded, title, link, enabled
// and the schedule (from / until, China time like every time the back office shows). Checked with the
// shared schema before sending; the server's 422 messages land on the fields.
import { Switch, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useEffect } from 'react';
import { bannerInputSchema } from '../../../../shared/portal-home/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { uploadFile } from '../../../lib/uploads/upload-file.ts';
import { isoToPickerValue, pickerValueToIso } from '../../../lib/utils/iso-time.ts';
import { saveBanner, type BannerAdmin } from '../api.ts';
import { cropBanner, type PixelArea } from '../banner-crop.ts';
import { BannerCropper } from './BannerCropper.tsx';

interface BannerValues {
  title: string;
  image_url: string;
  link: string;
  enabled: boolean;
  /** The pickers' values, China time ('YYYY-MM-DD HH:mm:ss'), null for none. */
  shows_from: string | null;
  shows_until: string | null;
}

const EMPTY: BannerValues = {
  title: '',
  image_url: '',
  link: '',
  enabled: true,
  shows_from: null,
  shows_until: null,
};

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

const bannerRequest = (values: BannerValues) => ({
  ...values,
  shows_from: pickerValueToIso(values.shows_from),
  shows_until: pickerValueToIso(values.shows_until),
});

export function BannerDrawer({
  banner,
  onClose,
  onSaved,
}: {
  banner: BannerAdmin | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: EMPTY,
    schema: bannerInputSchema,
    toInput: bannerRequest,
  });
  useEffect(() => {
    if (!banner) return;
    const values =
      banner === 'new'
        ? EMPTY
        : {
            title: banner.title,
            image_url: banner.image_url,
            link: banner.link,
            enabled: banner.enabled,
            shows_from: isoToPickerValue(banner.shows_from),
            shows_until: isoToPickerValue(banner.shows_until),
          };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // The form object is new on every render; only another banner resets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [banner]);

  const cropped = async (src: string, area: PixelArea) => {
    const blob = await cropBanner(src, area);
    if (!blob) {
      form.setFieldError('image_url', t('portalHome.uploadFailed'));
      throw new Error('unreadable image');
    }
    const uploaded = await uploadFile(blob, {
      kind: 'banner',
      apiType: 'administrators',
      fileName: 'banner.jpg',
    });
    form.setFieldValue('image_url', uploaded.url);
    form.clearFieldError('image_url');
  };

  const submit = handleSubmit(async (_values, input) => {
    await saveBanner(banner && banner !== 'new' ? banner.id : null, input);
    toastSuccess(t('portalHome.saved'));
    onSaved();
  });

  const imageError = form.errors.image_url;
  return (
    <FormDrawer
      opened={banner !== null}
      onClose={onClose}
      title={banner === 'new' ? t('portalHome.addBanner') : t('portalHome.editBanner')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitTestId="banner-save"
      size="lg"
      data-testid="banner-drawer"
    >
      <BannerCropper
        currentUrl={form.values.image_url || null}
        onCropped={cropped}
        error={typeof imageError === 'string' ? imageError : null}
      />
      <TextInput
        label={t('portalHome.bannerTitle')}
        required
        {...form.getInputProps('title')}
        data-testid="banner-title"
      />
      <TextInput
        label={t('portalHome.link')}
        description={t('portalHome.linkHint')}
        placeholder="/enroll"
        {...form.getInputProps('link')}
        data-testid="banner-link"
      />
      <Switch
        label={t('portalHome.enabled')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        data-testid="banner-enabled"
      />
      <DateTimePicker
        label={t('portalHome.showsFrom')}
        placeholder={t('portalHome.always')}
        clearable
        valueFormat={DATE_TIME_FORMAT}
        {...form.getInputProps('shows_from')}
        data-testid="banner-shows-from"
      />
      <DateTimePicker
        label={t('portalHome.showsUntil')}
        placeholder={t('portalHome.always')}
        clearable
        valueFormat={DATE_TIME_FORMAT}
        {...form.getInputProps('shows_until')}
        data-testid="banner-shows-until"
      />
    </FormDrawer>
  );
}
