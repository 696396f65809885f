// Rename a library video: its title only (the file, facts and lessons stay as they are).
import { TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { videoRenameSchema } from '../../../../shared/videos/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { renameVideo, type VideoInfo } from '../api.ts';

export interface RenameVideoModalProps {
  video: VideoInfo | null;
  onClose: () => void;
  onSaved: () => void;
}

export function RenameVideoModal({ video, onClose, onSaved }: RenameVideoModalProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: { title: '' },
    schema: videoRenameSchema,
  });

  useEffect(() => {
    if (!video) return;
    const values = { title: video.title };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another video resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video]);

  const submit = handleSubmit(async (_values, input) => {
    if (!video) return;
    await renameVideo(video.id, input.title);
    toastSuccess(t('videos.rename.saved'));
    onSaved();
  });

  return (
    <FormDrawer
      variant="modal"
      opened={video !== null}
      onClose={onClose}
      title={t('videos.rename.title')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('videos.rename.save')}
      submitTestId="video-rename-save"
    >
      <TextInput
        label={t('videos.rename.label')}
        required
        maxLength={200}
        data-autofocus
        {...form.getInputProps('title')}
        data-testid="video-rename-title"
      />
    </FormDrawer>
  );
}
