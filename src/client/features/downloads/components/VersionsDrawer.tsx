// A file's versions, newest first (each downloadable by staff), and the upload of a new version: the new
// file becomes version n + 1 and what the portal serves from then on.
import { Anchor, Button, Drawer, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { byteSize } from '../../../lib/kit/excel/download.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { UploadField, type UploadedFile } from '../../../lib/uploads/UploadField.tsx';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { addDownloadVersion, fetchDownloadVersions, type DownloadView } from '../api.ts';

export interface VersionsDrawerProps {
  download: DownloadView | null;
  onClose: () => void;
  onChanged: () => void;
}

export function VersionsDrawer({ download, onClose, onChanged }: VersionsDrawerProps) {
  const t = useT();
  const versions = useRead(
    download
      ? { key: readKey('download-versions', download.id), fetch: () => fetchDownloadVersions(download.id) }
      : null,
  );
  const [file, setFile] = useState<(UploadedFile & { id: string }) | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setFile(null);
    setNote('');
    setError(null);
  }, [download]);

  const rows = versions.data?.data ?? [];
  const next = (rows[0]?.version ?? download?.version ?? 0) + 1;

  const save = async () => {
    if (!download || !file) return;
    setSaving(true);
    setError(null);
    try {
      await addDownloadVersion(download.id, { upload_id: file.id, note });
      toastSuccess(t('downloads.versionSaved'));
      setFile(null);
      setNote('');
      versions.refresh();
      onChanged();
    } catch (failure) {
      if (failure instanceof ApiError)
        setError(Object.values(failure.fieldErrors)[0]?.[0] ?? failure.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      opened={download !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={download ? `${t('downloads.versions')} · ${download.title}` : ''}
      data-testid="download-versions"
    >
      <Stack gap="md">
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Text fw={500} fz="sm">
              {t('downloads.newVersion')}
            </Text>
            <Text fz="xs" c="dimmed">
              {t('downloads.newVersionHint', { n: next })}
            </Text>
            <UploadField
              kind="content_file"
              apiType="administrators"
              label={t('downloads.file')}
              hint={t('downloads.fileHint')}
              value={file}
              error={error}
              onUploaded={(upload) =>
                setFile({
                  id: upload.id,
                  url: upload.url,
                  mime: upload.mime,
                  name: upload.original_name,
                  size: upload.size,
                })
              }
              testId="version-file"
            />
            <TextInput
              label={t('downloads.note')}
              value={note}
              maxLength={200}
              onChange={(event) => setNote(event.currentTarget.value)}
              data-testid="version-note"
            />
            <Group justify="flex-end">
              <Button
                onClick={() => void save()}
                loading={saving}
                disabled={!file}
                data-testid="version-save"
              >
                {t('downloads.newVersion')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Table striped data-testid="version-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('downloads.version')}</Table.Th>
              <Table.Th>{t('downloads.file')}</Table.Th>
              <Table.Th>{t('downloads.note')}</Table.Th>
              <Table.Th>{t('downloads.uploadedBy')}</Table.Th>
              <Table.Th>{t('downloads.updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((v) => (
              <Table.Tr key={v.id} data-testid={`version-row-${v.version}`}>
                <Table.Td>{t('downloads.versionNo', { n: v.version })}</Table.Td>
                <Table.Td>
                  {/* Content files are public and served as attachments under their own name. */}
                  <Anchor
                    href={v.file_url}
                    download={v.file_name}
                    fz="sm"
                    data-testid={`version-download-${v.version}`}
                  >
                    {v.file_name}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {byteSize(v.file_size)}
                  </Text>
                </Table.Td>
                <Table.Td>{v.note || '—'}</Table.Td>
                <Table.Td>{v.created_by ?? '—'}</Table.Td>
                <Table.Td>{parseTime(v.created_at, '{y}-{m}-{d} {h}:{i}')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Drawer>
  );
}
