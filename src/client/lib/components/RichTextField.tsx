// Rich text (a question stem, a course's introduction) in @mantine/tiptap on tiptap's starter kit + image:
// bold, italic, underline, lists and images uploaded through the uploads API (the server keeps only images of
// its own uploads when it sanitises the text, src/server/lib/rich-text.ts). The editor's HTML is the form's
// value.
import { Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { failureText } from '../data/failure-text.ts';
import { uploadFile } from '../uploads/upload-file.ts';

export interface RichTextFieldProps {
  value: string;
  onChange: (html: string) => void;
  label?: string;
  /** The image button's name (a feature's own text). */
  imageLabel: string;
  error?: string | null;
  'data-testid'?: string;
}

export function RichTextField({
  value,
  onChange,
  label,
  imageLabel,
  error,
  'data-testid': testId,
}: RichTextFieldProps) {
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, code: false, codeBlock: false, heading: false }), Image],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // A new value from outside (another record opened): shown, unless the editor already holds it.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const addImage = async (chosen: File) => {
    setUploading(true);
    setUploadError(null);
    try {
      const info = await uploadFile(chosen, { kind: 'other', apiType: 'administrators' });
      editor?.chain().focus().setImage({ src: info.url }).run();
    } catch (failure) {
      setUploadError(failureText(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div data-testid={testId}>
      {label && (
        <Text fz="sm" fw={500} mb={4}>
          {label}
        </Text>
      )}
      <RichTextEditor
        editor={editor}
        style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Control
              onClick={() => file.current?.click()}
              aria-label={imageLabel}
              title={imageLabel}
              disabled={uploading}
              data-testid={testId ? `${testId}-image` : undefined}
            >
              <IconPhoto size={16} />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content data-testid={testId ? `${testId}-content` : undefined} />
      </RichTextEditor>
      <input
        ref={file}
        type="file"
        accept=".png,.jpg,.jpeg,.gif,.bmp,image/*"
        hidden
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (chosen) void addImage(chosen);
        }}
      />
      {(error || uploadError) && (
        <Text c="red" fz="xs" mt={4}>
          {error || uploadError}
        </Text>
      )}
    </div>
  );
}
