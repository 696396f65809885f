// A work order's screenshots as thumbnails; a click opens the picture large. The files are private, so
// each is fetched with the caller's token (lib/uploads usePrivateFileUrl).
import { Group, Image, Loader, Modal, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { ApiType } from '../../../lib/state/session.ts';
import { usePrivateFileUrl } from '../../../lib/uploads/use-private-file.ts';

function Thumb({ url, apiType, onOpen }: { url: string; apiType: ApiType; onOpen: (src: string) => void }) {
  const file = usePrivateFileUrl(url, apiType);
  if (!file.src) return file.loading ? <Loader size="xs" /> : null;
  const src = file.src;
  return (
    <UnstyledButton onClick={() => onOpen(src)} aria-label="screenshot">
      <Image src={src} w={72} h={72} fit="cover" radius="sm" alt="" />
    </UnstyledButton>
  );
}

export function Screenshots({ files, apiType }: { files: { id: string; url: string }[]; apiType: ApiType }) {
  const [large, setLarge] = useState<string | null>(null);
  if (files.length === 0) return null;
  return (
    <>
      <Group gap="xs" data-testid="feedback-screenshots">
        {files.map((f) => (
          <Thumb key={f.id} url={f.url} apiType={apiType} onOpen={setLarge} />
        ))}
      </Group>
      <Modal opened={large !== null} onClose={() => setLarge(null)} size="xl" centered withCloseButton>
        {large && <Image src={large} alt="" fit="contain" />}
      </Modal>
    </>
  );
}
